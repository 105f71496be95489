import type { FastifyServerOptions } from 'fastify';

/** Query parameters that carry a secret (OAuth codes and state, tokens); their values never reach a log. */
const SECRET_QUERY_PARAMS = /^(code|state|token|temp_?token|id_token|access_token|refresh_token|password)$/i;

/** The request's URL with the values of secret query parameters replaced. */
export function loggableUrl(url: string) {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const key of [...params.keys()]) if (SECRET_QUERY_PARAMS.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, at)}?${params.toString()}`;
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * Structured pino logs, one JSON line per event, each request's lines carrying its reqId.
 * Headers and bodies are not logged; the redaction is there for anything that logs them anyway.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): LoggerOptions {
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
      req: (req: { method: string; url: string; host?: string; ip?: string }) => ({ method: req.method, url: loggableUrl(req.url), host: req.host, remoteAddress: req.ip }),
    },
  } as LoggerOptions;
}
