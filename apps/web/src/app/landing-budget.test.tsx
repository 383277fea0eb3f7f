import { describe, expect, it } from 'vitest';
import { landingFiles, type Manifest } from '../../scripts/check-budget';

// The build's landing budget check (scripts/check-budget.ts) counts what the landing loads, from Vite's
// manifest: the entry, what it imports, statically or not, but not the lazy screens nor what is loaded on use.
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/main.tsx'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/main.tsx': { file: 'assets/main.js', src: 'src/main.tsx', dynamicImports: ['src/app/routes/login.tsx', 'src/lib/register-sw.ts', 'src/app/layout/menu-frame.tsx'] },
  'src/app/routes/login.tsx': { file: 'assets/login.js', src: 'src/app/routes/login.tsx', imports: ['_only-login.js'] },
  '_only-login.js': { file: 'assets/only-login.js' },
  'src/lib/register-sw.ts': { file: 'assets/register-sw.js', src: 'src/lib/register-sw.ts', imports: ['_shared.js'] },
  'src/app/layout/menu-frame.tsx': { file: 'assets/menu-frame.js', src: 'src/app/layout/menu-frame.tsx' },
};

describe("the landing's JavaScript, as the build's budget check counts it", () => {
  it('is the entry, its imports and the app, without the lazy screens and what loads on use', () => {
    expect(landingFiles(manifest)).toEqual(['assets/index.js', 'assets/shared.js', 'assets/main.js', 'assets/register-sw.js']);
  });

  it('counts a new dynamic import until it is named as loaded on use', () => {
    const more = { ...manifest, 'src/main.tsx': { ...manifest['src/main.tsx']!, dynamicImports: ['src/lib/new-thing.ts'] }, 'src/lib/new-thing.ts': { file: 'assets/new.js', src: 'src/lib/new-thing.ts' } };
    expect(landingFiles(more)).toContain('assets/new.js');
  });
});
