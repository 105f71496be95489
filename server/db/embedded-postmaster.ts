import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

// Who runs, owns and starts the embedded cluster on a folder (embedded.ts): its postmaster.pid, the pid of the
// server that started it, and the claim on its start, so that two servers never run on one folder and a
// postmaster a killed server left behind is stopped rather than refused.

/** Whether a process with this pid exists (signal 0 only checks). */
function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user (the postgres user, when we run as root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether `pid` is a PostgreSQL server on `databaseDir`, as its command line says (Linux /proc; the postmaster keeps
 * the `postgres -D dir` it was started with). After a host crash, postmaster.pid's pid may be another process's:
 * that one is not ours to stop. Where the command line cannot be read (no /proc), whether the process is alive.
 * The folders are compared as the files they are (`realpath`): a server started through a symlinked path runs
 * on this folder all the same, and must not be taken for a stranger whose pid file can go.
 */
function isPostmasterOf(pid: number, databaseDir: string) {
  let args: string[];
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return isAlive(pid);
  }
  if (basename(args[0] ?? '') !== 'postgres') return false;
  const dataDirAt = args.indexOf('-D') + 1;
  // A postgres whose folder cannot be told: taken as running, rather than have its pid file removed under it.
  if (dataDirAt === 0 || !args[dataDirAt]) return true;
  return sameFolder(args[dataDirAt], databaseDir);
}

function sameFolder(a: string, b: string) {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return resolve(a) === resolve(b);
  }
}

/** postmaster.pid's postmaster (line 1) and port (line 4), whether that postmaster still runs or not; null without the file. */
function readPidFile(dir: string) {
  const pidFile = join(resolve(dir), 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  return { pidFile, pid, port: Number(lines[3]) || null, alive: pid > 0 && isPostmasterOf(pid, resolve(dir)) };
}

/** The pid of the postmaster running on `dir`, or null. */
export function runningPostmaster(dir: string): number | null {
  const file = readPidFile(dir);
  return file?.alive ? file.pid : null;
}

/** The port of a cluster already running on `dir`, or null. */
export function runningClusterPort(dir: string): number | null {
  const file = readPidFile(dir);
  return file?.alive ? file.port : null;
}

/** Beside the cluster's folder, the pid of the process that started the cluster and stops it. */
export const ownerFile = (databaseDir: string) => `${databaseDir}.owner-pid`;

/** A process's parent (Linux /proc), or null where that cannot be read. */
function parentPid(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (name) state ppid ...": the name may hold spaces and parentheses.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) || null;
  } catch {
    return null;
  }
}

/**
 * Whether the postmaster on `databaseDir` outlived the process that started it (a server killed with -9,
 * say). The postmaster is that process's child, and is handed to PID 1 (or a subreaper) when it dies; so
 * while its parent is the recorded owner, a live server uses it. Without /proc, the owner being alive
 * says the same, a reused pid erring on the side of refusing.
 */
export function isOrphaned(databaseDir: string, postmaster: number) {
  const recorded = existsSync(ownerFile(databaseDir)) ? Number(readFileSync(ownerFile(databaseDir), 'utf8')) || null : null;
  const parent = parentPid(postmaster);
  // A cluster started before owner files were written: orphaned only when init has adopted it.
  if (recorded === null) return parent === 1;
  return parent === null ? !isAlive(recorded) : parent !== recorded;
}

/** Stops a postmaster left behind, as PostgreSQL's fast shutdown does (SIGINT), and waits for it to go. */
export async function stopOrphanedPostmaster(databaseDir: string, pid: number) {
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (existsSync(join(databaseDir, 'postmaster.pid')) && isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`The PostgreSQL left running on ${databaseDir} (pid ${pid}) did not stop within 30 s.`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

export const inUse = (dir: string) => `The database in ${dir} is already in use by another Scroll Library server. Stop it first, or set DATA_DIR to use another folder.`;

/**
 * Beside the folder while a server starts the cluster (makes it, the first time), the pid of that server: one
 * starts it, and a second started at the same moment is refused, as it is once the cluster runs. Two making it
 * at once would each run initdb and each write the first password down, so the one written could be the
 * other's, and the cluster's password lost; two starting it, the loser would tidy away the winner's files.
 */
const starterFile = (databaseDir: string) => `${databaseDir}.starting`;

/** Claims the start of the cluster, or throws when another live server holds it; returns the release. */
export function claimStart(databaseDir: string, dir: string): () => void {
  const file = starterFile(databaseDir);
  mkdirSync(dirname(databaseDir), { recursive: true });
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(file, 'utf8')) || null;
    // No pid yet: written a moment ago, or by a start that died at once (then stale after a few seconds).
    const held = holder === null ? Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 5_000 : isAlive(holder);
    if (held) throw new Error(inUse(dir));
    // Left by a start cut short (a server killed while it started the cluster): this one starts it.
    rmSync(file, { force: true });
  }
}

/**
 * A crashed run leaves postmaster.pid behind; PostgreSQL refuses to start until it is gone, and while its pid
 * is any live process (one that took the pid after a host crash, say).
 */
export function removeStalePidFile(dir: string) {
  const file = readPidFile(dir);
  if (file && !file.alive) rmSync(file.pidFile);
}
