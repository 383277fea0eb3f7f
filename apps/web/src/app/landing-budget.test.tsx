import { describe, expect, it } from 'vitest';
import { landingFiles, screenFiles, type Manifest } from '../../scripts/check-budget';

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

describe("a member screen's first-load JavaScript, as the build's budget check counts it", () => {
  const withScreen: Manifest = {
    ...manifest,
    'src/app/routes/place-detail.tsx': { file: 'assets/detail.js', src: 'src/app/routes/place-detail.tsx', imports: ['_shared.js', '_facts.js'], dynamicImports: ['_editor.js'] },
    '_facts.js': { file: 'assets/facts.js' },
    '_editor.js': { file: 'assets/editor.js', imports: ['_zod.js'] },
    '_zod.js': { file: 'assets/zod.js' },
  };

  it('is the entry, the app and the screen with what they import statically, not what the screen loads on use', () => {
    expect(screenFiles(withScreen, 'src/app/routes/place-detail.tsx')).toEqual(['assets/index.js', 'assets/shared.js', 'assets/main.js', 'assets/detail.js', 'assets/facts.js']);
  });

  it('counts a new static import of the screen', () => {
    const heavier = { ...withScreen, 'src/app/routes/place-detail.tsx': { ...withScreen['src/app/routes/place-detail.tsx']!, imports: ['_shared.js', '_facts.js', '_editor.js'] } };
    expect(screenFiles(heavier, 'src/app/routes/place-detail.tsx')).toContain('assets/zod.js');
  });
});
