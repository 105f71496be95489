// The floor: bare Fastify routes on `pg` running the same SQL as the app's session check and book search:
// the session read of server/services/sessions.ts (sessionAccessStatement; a search's with its library)
// and the search of server/services/book-list.ts (bookListStatement, its default page).
import Fastify from 'fastify';
import { DEFAULT_SESSION_IDLE_DAYS } from '../../server/config';
import { numbered, preparedStatement } from '../../server/db/sql';
import { bookListStatement } from '../../server/services/book-list';
import { sessionAccessStatement } from '../../server/services/sessions';
import { floorPool } from './floor-pool';

// Rows read as the app's driver reads them, so the floor reads the same rows at the same cost.
const pool = floorPool(process.env.DATABASE_URL);
const app = Fastify({ logger: false });

/** The session read the app sends for the call: the session check's, or a library call's (server/services/sessions.ts). */
async function sessionUser(cookie: string | undefined, scope?: { libraryId: number }) {
  const token = /(?:^|;\s*)scroll_session=([^;]+)/.exec(cookie ?? '')?.[1];
  if (!token) return null;
  const { sql, params } = sessionAccessStatement(decodeURIComponent(token), DEFAULT_SESSION_IDLE_DAYS, scope);
  // Prepared, as the app prepares its session reads (server/db/sql.ts).
  const { rows } = await pool.query({ ...preparedStatement(sql), values: params });
  return rows[0] ?? null;
}

// A search is for signed-in users: the floor reads the session with the library, as the app's search
// does (its staff check comes with it), then runs the search's SQL.
app.get<{ Querystring: { libraryId: string; search: string } }>('/bare/books', async (req, reply) => {
  const libraryId = Number(req.query.libraryId);
  if (!(await sessionUser(req.headers.cookie, { libraryId }))) return reply.status(401).send({ error: 'Not signed in.' });
  // The app's statement for this search, prepared when the app prepares it.
  const { sql, params, prepared } = bookListStatement({ libraryId, search: req.query.search });
  const { rows } = await pool.query({ ...(prepared ? preparedStatement(sql) : { text: numbered(sql) }), values: params });
  return rows;
});

app.get('/bare/session', async (req, reply) => {
  const user = await sessionUser(req.headers.cookie);
  return user ? { user } : reply.status(401).send({ user: null });
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
