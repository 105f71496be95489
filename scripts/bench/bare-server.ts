// The floor: bare Fastify routes on `pg` running the same SQL as the session check
// (server/services/sessions.ts) and the book search (server/services/books.ts bookListStatement, its
// default page), which, like the app's, checks the session first.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { numbered } from '../../server/db/sql';
import { bookListStatement } from '../../server/services/books';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });

/** The session check: the signed-in user, or null. */
async function sessionUser(cookie: string | undefined) {
  const token = /(?:^|;\s*)scroll_session=([^;]+)/.exec(cookie ?? '')?.[1];
  if (!token) return null;
  const hash = createHash('sha256').update(decodeURIComponent(token)).digest('hex');
  // Prepared, as the app prepares its session read (server/db/sql.ts).
  const { rows } = await pool.query({
    name: 'session',
    text: `select s.id as session_id, s.last_seen_at, u.id, u.email, u.display_name, u.avatar_url, u.phone_number, u.role, u.created_at
             from sessions s join users u on u.id = s.user_id
            where s.token_hash = $1 and s.expires_at > now() and s.last_seen_at > now() - make_interval(days => $2)`,
    values: [hash, 14],
  });
  return rows[0] ?? null;
}

// A search is for signed-in users: the floor checks the session too, then runs the search's SQL.
app.get<{ Querystring: { libraryId: string; search: string } }>('/bare/books', async (req, reply) => {
  if (!(await sessionUser(req.headers.cookie))) return reply.status(401).send({ error: 'Not signed in.' });
  // The app's statement for this search, prepared when the app prepares it.
  const { sql, params, prepared } = bookListStatement({ libraryId: Number(req.query.libraryId), search: req.query.search });
  const { rows } = await pool.query({ ...(prepared && { name: 'search' }), text: numbered(sql), values: params });
  return rows;
});

app.get('/bare/session', async (req, reply) => {
  const user = await sessionUser(req.headers.cookie);
  return user ? { user } : reply.status(401).send({ user: null });
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
