import { describe, expect, it } from 'vitest';
import { pagePreloads, preloadTemplate, type Manifest } from './preloads';

// A build manifest shaped like Vite's (dist/.vite/manifest.json): the page's entry, its stages and the
// app as dynamic imports, a screen with a shared chunk and its validation loaded on first use.
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_preload-helper.js'], dynamicImports: ['src/boot/stages/react.ts', 'src/main.tsx'], css: ['assets/index.css'] },
  '_preload-helper.js': { file: 'assets/preload-helper.js' },
  'src/boot/stages/react.ts': { file: 'assets/react-stage.js', src: 'src/boot/stages/react.ts', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'src/main.tsx': { file: 'assets/main.js', src: 'src/main.tsx', isEntry: true, imports: ['_react.js', '_preload-helper.js'], dynamicImports: ['src/app/routes/login.tsx'], css: ['assets/main.css'] },
  'src/app/routes/login.tsx': { file: 'assets/login.js', src: 'src/app/routes/login.tsx', imports: ['_form.js', '_react.js'], dynamicImports: ['src/features/auth/components/auth-schemas.ts'] },
  '_form.js': { file: 'assets/form.js', dynamicImports: ['src/features/auth/components/auth-schemas.ts'], css: ['assets/form.css', 'assets/main.css'] },
  'src/features/auth/components/auth-schemas.ts': { file: 'assets/auth-schemas.js', imports: ['_zod.js', '_form.js'] },
  '_zod.js': { file: 'assets/zod.js' },
};

describe("a page's preloads, from Vite's build manifest", () => {
  it("every page: the app's chunks, in the order the entry imports them, without what index.html loads", () => {
    expect(pagePreloads(manifest)).toEqual({
      style: ['/assets/index.css', '/assets/main.css'],
      modulepreload: ['/assets/react-stage.js', '/assets/react.js', '/assets/main.js'],
      prefetch: [],
    });
  });

  it("a screen's page: the app's, then the screen's chunks; what they import on first use is a prefetch", () => {
    expect(pagePreloads(manifest, 'src/app/routes/login.tsx')).toEqual({
      style: ['/assets/index.css', '/assets/main.css', '/assets/form.css'],
      modulepreload: ['/assets/react-stage.js', '/assets/react.js', '/assets/main.js', '/assets/login.js', '/assets/form.js'],
      prefetch: ['/assets/auth-schemas.js', '/assets/zod.js'],
    });
  });

  it('a screen of the pages a hiker lives on: no prefetch of what it loads on use', () => {
    expect(pagePreloads(manifest, 'src/app/routes/login.tsx', { prefetch: false }).prefetch).toEqual([]);
  });

  it('a screen the build did not split (no longer lazy) fails the build', () => {
    expect(() => pagePreloads(manifest, 'src/app/routes/gone.tsx')).toThrow(/no src\/app\/routes\/gone\.tsx/);
  });

  it('the tags sit in the inert template the entry script reads', () => {
    const html = preloadTemplate({ style: ['/assets/c.css'], modulepreload: ['/assets/a.js'], prefetch: ['/assets/b.js'] });
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/c.css">');
    expect(html).toMatch(/^<template id="sd-route-preloads">/);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/a.js">');
    expect(html).toContain('<link rel="prefetch" crossorigin href="/assets/b.js">');
  });
});
