import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';

/**
 * Query parameters whose values never reach a log: secrets (OAuth codes and state, tokens), and searches,
 * which hold what someone typed to find a patron (a name, an email) or a book (what a patron reads).
 */
const KEPT_OUT_NAMES = 'code|state|token|temp_?token|id_token|access_token|refresh_token|password|search';
const KEPT_OUT_PARAMS = new RegExp(`^(${KEPT_OUT_NAMES})$`, 'i');
/** Such a parameter, or a tRPC call's input (which may hold a search), as it stands in a query that holds no percent-encoding. */
const KEPT_OUT_IN_QUERY = new RegExp(`(?:^|&)(${KEPT_OUT_NAMES}|input)=`, 'i');
/**
 * A tRPC call's input (JSON, in its `input` parameter) with its searches' values replaced: read as JSON, as the
 * call reads it, so that no spelling of the key (`"s\\u0065arch"`) gets past. Not JSON, it is kept out whole.
 */
function withoutSearches(input: string): string {
  try {
    return JSON.stringify(JSON.parse(input), (key, value: unknown) => (key === 'search' ? '[redacted]' : value));
  } catch {
    return '[redacted]';
  }
}

/**
 * The request's URL with the values of secret and search parameters replaced, searches inside a tRPC
 * call's input too. A query with no percent-encoding (which could spell such a name) and no such
 * parameter is logged as it came: most requests' queries, which then need not be parsed and written again.
 */
export function loggableUrl(url: string) {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url.slice(at + 1);
  if (!query.includes('%') && !KEPT_OUT_IN_QUERY.test(query)) return url;
  const params = new URLSearchParams(query);
  for (const [key, value] of [...params]) {
    if (KEPT_OUT_PARAMS.test(key)) params.set(key, '[redacted]');
    else if (key === 'input') params.set(key, withoutSearches(value));
  }
  return `${url.slice(0, at)}?${params.toString()}`;
}

/** knex puts the failed statement, its values filled in, before the driver's message: `select ... - <reason>`. */
const STATEMENT_PREFIX = /^\s*(select|insert|update|delete|with)\b[\s\S]* - (?=[^\n]*$)/i;

/**
 * Errors as pino logs them, without the failed SQL statement: its inlined values can hold emails,
 * password hashes and token hashes. The reason, code and stack frames stay.
 */
export function loggableError(error: { name?: string; message?: string; stack?: string; code?: unknown; constructor?: { name?: string } }) {
  const message = String(error.message ?? '').replace(STATEMENT_PREFIX, '[statement] - ');
  const frames = String(error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return { type: error.constructor?.name ?? error.name, message, code: error.code, stack: [`${error.name ?? 'Error'}: ${message}`, ...frames].join('\n') };
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * Structured pino logs, one JSON line per event, each request's lines carrying its reqId.
 * Headers and bodies are not logged; the redaction is there for anything that logs them anyway.
 */
export function loggerOptions(level: string, stream?: pino.DestinationStream): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'req.body',
        '*.password',
        '*.tempToken',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: loggableError,
      req: (req: { method: string; url: string; host?: string; ip?: string }) => ({ method: req.method, url: loggableUrl(req.url), host: req.host, remoteAddress: req.ip }),
    },
  } as LoggerOptions;
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger, made when the request first writes a line of its own. Fastify gives each request
 * a pino child bound to its reqId, about 1 µs to make, but an answered request writes only its
 * completed line (RequestLog below, the reqId in it), so most requests never need theirs.
 */
export class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: pino.Logger,
    private readonly bindings: pino.Bindings,
    private readonly options: pino.ChildLoggerOptions,
  ) {}

  get #logger() {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }

  #write(level: Level, args: unknown[]) {
    // A level the parent leaves out needs no child, unless this request has a level of its own.
    if (!this.#made && this.options.level === undefined && !this.parent.isLevelEnabled(level)) return;
    const logger = this.#logger;
    (logger[level] as (...line: unknown[]) => void).apply(logger, args);
  }

  get level() {
    return this.#made?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.#logger.level = level;
  }
  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}
  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions) {
    return this.#logger.child(bindings, options);
  }
}

/** What a pino logger holds for a line written by hand, under the symbols pino exports for libraries that do. */
type LineParts = pino.Logger & {
  [pino.symbols.lsCacheSym]: Record<number, string>;
  [pino.symbols.timeSym]: () => string;
  [pino.symbols.chindingsSym]: string;
  [pino.symbols.streamSym]: pino.DestinationStream;
};

/** pino's number for the info level, which keys its cached `{"level":30` prefix. */
const INFO = pino.levels.values.info!;

/** `,"name":value`, or nothing for undefined, which JSON leaves out of an object. */
const field = (name: string, value: string | undefined) => (value === undefined ? '' : `,"${name}":${JSON.stringify(value)}`);

/**
 * The line of an answered request, as pino writes `info({ reqId, req, res, responseTime }, 'request completed')`
 * through the app's serializers (a test holds the two to the same text), but in one template: the method,
 * the URL with its secrets replaced, host, address, status and time taken, none of them anything to redact.
 * pino's walk of the object, its serializers' objects and its general stringifier cost about 6 µs of the
 * session check's server CPU under load (119 to 125 µs a request so, against 127 to 133).
 */
function completedLine(logger: LineParts, request: FastifyRequest, reply: FastifyReply) {
  const req = `{"method":${JSON.stringify(request.method)},"url":${JSON.stringify(loggableUrl(request.url))}${field('host', request.host)}${field('remoteAddress', request.ip)}}`;
  const start = `${logger[pino.symbols.lsCacheSym][INFO]}${logger[pino.symbols.timeSym]()}${logger[pino.symbols.chindingsSym]}`;
  return `${start},"reqId":${JSON.stringify(request.id)},"req":${req},"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`;
}

/**
 * One line per request, when it is answered: method, URL, status and time taken, under the
 * request's reqId. Its arrival has a line of its own only at debug level.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const logger = request.server.log as LineParts;
    if (logger.isLevelEnabled('info')) logger[pino.symbols.streamSym].write(completedLine(logger, request, reply));
  }
}

/** How much of the log a batch holds before it is written. */
const BATCH_CHARACTERS = 16 * 1024;

/**
 * Standard output, written in batches of about 16 KB and at least once a second rather than with one
 * write per line, and flushed when the process exits. Each batch is written by the main thread
 * (sonic-boom's `sync`), not handed to libuv's thread pool: a batch is one short write, and each
 * hand-over woke a pool thread and then the main loop. The lines wait in an array, joined once per
 * batch: sonic-boom's own batching (`minLength`) measured the growing batch's bytes on every line.
 * Measured on the session check under load, three alternating rounds: 116 to 118 µs of server CPU a
 * request with 16 KB batches, against 121 to 128 with 4 KB.
 */
export function bufferedStdout(): pino.DestinationStream & { flush(done?: (error?: Error) => void): void } {
  const out = pino.destination({ dest: 1, sync: true });
  let lines: string[] = [];
  let characters = 0;
  const writeBatch = () => {
    if (lines.length === 0) return;
    const batch = lines.join('');
    lines = [];
    characters = 0;
    out.write(batch);
  };
  setInterval(writeBatch, 1000).unref();
  process.on('exit', () => {
    writeBatch();
    out.flushSync();
  });
  return {
    write(line: string) {
      lines.push(line);
      characters += line.length;
      if (characters >= BATCH_CHARACTERS) writeBatch();
    },
    // pino's logger.flush(done): the waiting lines written, then sonic-boom's own flush calls back.
    flush(done) {
      writeBatch();
      out.flush(done);
    },
  };
}
