// zod compiles object parsers with `new Function` when eval is allowed, and probes for it when
// the first schema is built; our CSP (script-src 'self') forbids eval, so the probe is reported as
// a violation. jitless skips the probe; interpreted parsers are fast enough for forms. zod reads
// this object when it loads, so it is set before any chunk that brings zod in.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;
