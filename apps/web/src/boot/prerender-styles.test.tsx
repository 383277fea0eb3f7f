import createCache from '@emotion/cache';
import { describe, expect, it } from 'vitest';
import { withWrapperStyles } from './prerender';

describe("a rendered page's styles (src/boot/README.md)", () => {
  it('carries the styles of components whose class is merged into an inner one, so the browser adopts them instead of inserting them at the hydration', () => {
    const cache = createCache({ key: 'css' });
    // As a server render leaves the cache: each style's CSS by id; `true` for what is already in a sheet.
    cache.inserted = { paper: '.css-paper{color:red;}', appbar: '.css-appbar{display:flex;}', global: 'body{margin:0;}', adopted: true };
    const critical = {
      html: '<header class="css-paper"></header>',
      styles: [
        { key: 'css-global', ids: ['global'], css: 'body{margin:0;}' },
        { key: 'css', ids: ['paper'], css: '.css-paper{color:red;}' },
      ],
    };
    const page = withWrapperStyles(critical, cache);
    expect(page.styles.slice(0, 2)).toEqual(critical.styles);
    expect(page.styles[2]).toEqual({ key: 'css', ids: ['appbar'], css: '.css-appbar{display:flex;}' });
    expect(page.styles.flatMap((chunk) => chunk.ids).sort()).toEqual(['appbar', 'global', 'paper']);
  });

  it('adds nothing when every style is already critical', () => {
    const cache = createCache({ key: 'css' });
    cache.inserted = { paper: '.css-paper{color:red;}' };
    const critical = { html: '', styles: [{ key: 'css', ids: ['paper'], css: '.css-paper{color:red;}' }] };
    expect(withWrapperStyles(critical, cache)).toBe(critical);
  });
});
