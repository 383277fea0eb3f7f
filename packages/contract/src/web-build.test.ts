import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WEB_BUILD } from './web-build.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The source files of the web build and of the server (tests aside: they may spell what they expect). */
function sources(dir: string): string[] {
  return readdirSync(join(repo, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(repo, path)).isDirectory()) return name === 'node_modules' || name === 'dist' || name === 'test' ? [] : sources(path);
    return /\.(ts|tsx|mjs|js|html)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const FILES = [...sources('apps/web/src'), ...sources('apps/web/scripts'), 'apps/web/vite.config.ts', 'apps/web/index.html', ...sources('apps/server/src')];
const NAMES = Object.entries(WEB_BUILD).filter(([, value]) => value.length > 1);

describe('the names the web build and the server share (packages/contract/src/web-build.ts)', () => {
  it('covers the build and the server', () => {
    expect(FILES).toContain('apps/server/src/plugins/web.ts');
    expect(FILES).toContain('apps/web/src/boot/entry.ts');
    expect(FILES).toContain('apps/web/src/boot/prerender.tsx');
  });

  it.each(NAMES)('%s is spelled only in the shared module', (_key, value) => {
    const literal = new RegExp(`['"\`]${value.replace(/[.]/g, '\\.')}['"\`]|class="${value}"`);
    const found = FILES.filter((file) => file !== 'apps/web/index.html' && literal.test(readFileSync(join(repo, file), 'utf8')));
    expect(found.map((file) => relative(repo, join(repo, file)))).toEqual([]);
  });

  it("index.html's CSS, which cannot import, uses the page class the server puts on <body>", () => {
    const html = readFileSync(join(repo, 'apps/web/index.html'), 'utf8');
    expect(html).toContain(`body.${WEB_BUILD.pageClass} `);
  });
});
