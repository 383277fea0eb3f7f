// Zod compiles object parsers with `new Function` unless told not to; under our Content-Security-Policy
// (no 'unsafe-eval') its probe is reported as a violation and costs Lighthouse's best-practices score
// (docs/architecture.md). Zod reads the setting when a schema is built, so this module is
// imported first in main.tsx, before any schema module is evaluated.
//
// It does not import zod (~4 KB gzip that the landing does not otherwise need): zod keeps its global
// configuration in the object at `globalThis.__zod_globalConfig`, shared by every copy of zod and the one
// `z.config()` writes to, so the setting is written there. zod-jitless.test.tsx checks that zod reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
