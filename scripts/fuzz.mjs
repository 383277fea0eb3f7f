// `npm run fuzz`: a longer, seeded campaign of the OpenAPI fuzzer (apps/server/test/openapi-fuzz.test.ts).
// FUZZ_RUNS requests per operation (default 300), FUZZ_SEED to replay a campaign (default: a random seed,
// printed first and again on failure). Add TEST_DATABASE_URL=... to run it on PostgreSQL too.
import { spawnSync } from 'node:child_process';

const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.FUZZ_RUNS ?? '300';
process.stdout.write(`Fuzzing every operation of the OpenAPI document: ${runs} requests each, FUZZ_SEED=${seed}\n`);
const projects = process.env.TEST_DATABASE_URL ? ['--project', 'server', '--project', 'server-pg'] : ['--project', 'server'];
const result = spawnSync('npx', ['vitest', 'run', ...projects, 'apps/server/test/openapi-fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
});
if (result.status !== 0) {
  process.stdout.write(`\nThe fuzzer failed. Replay this campaign with: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz\n`);
}
process.exit(result.status ?? 1);
