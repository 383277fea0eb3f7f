import { z } from 'zod';

// Zod compiles object parsers with `new Function` unless told not to; under our Content-Security-Policy
// (no 'unsafe-eval') its probe is reported as a violation and costs Lighthouse's best-practices score
// (docs/architecture.md, issue 17). Zod reads the setting when a schema is built, so this module is
// imported first in main.tsx, before any schema module is evaluated.
z.config({ jitless: true });
