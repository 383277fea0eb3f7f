// Bundles src/server.ts into dist/server.js (and the image process, src/uploads/image-worker.ts, into dist/image-worker.js; the tracks worker thread, src/tracks/track-worker.ts, into dist/track-worker.js) (ESM, Node 20): our code and @sendero/contract are bundled,
// every npm dependency stays external (installed by `npm ci`). The SQL migrations are copied to dist/drizzle.
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
// `--outdir <dir>`: the server tests build a copy of their own (test/helpers/global-setup.ts).
const outdirArg = process.argv.indexOf('--outdir');
const dist = outdirArg > 0 ? process.argv[outdirArg + 1] : join(root, 'dist');

/** Bare imports are external, except the workspace contract and our `@/` alias. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@sendero/') || args.path.startsWith('@/')) return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      return { path: args.path, external: true };
    });
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { server: join(root, 'src/server.ts'), 'admin-create': join(root, 'src/cli/admin-create.ts'), migrate: join(root, 'src/cli/migrate.ts'), 'image-worker': join(root, 'src/uploads/image-worker.ts'), 'track-worker': join(root, 'src/tracks/track-worker.ts') },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Shared code in chunks: the seed (and sharp with it) loads only when sample data is seeded, and the
  // image process shares the pipeline with it (docs/decisions/036-image-process.md).
  splitting: true,
  target: 'node20',
  sourcemap: true,
  tsconfig: join(root, 'tsconfig.json'),
  plugins: [externalDependencies],
  logLevel: 'warning',
});
cpSync(join(root, 'drizzle'), join(dist, 'drizzle'), { recursive: true });
console.log(`${join(dist, 'server.js')} built`);
