import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, TEXT } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import { stubFetch } from '@/test/fetch-stub';
import { renderRoutes } from '@/test/render';
import html from '../../../index.html?raw';

/** apps/web/index.html: the first paint before any JavaScript (the landing's hero, the other pages' shell). */
const doc = new DOMParser().parseFromString(html, 'text/html');
const staticHero = doc.querySelector('#root section.sd-hero') as HTMLElement;

/** The element tree of the hero as (tag.classes) lines, without the social links (they come from the config). */
function shape(el: Element, depth = 0): string[] {
  if (el.matches('ul.sd-social')) return [`${'  '.repeat(depth)}ul.sd-social`];
  const classes = (el.getAttribute('class') ?? '').split(/\s+/).filter((c) => c.startsWith('sd-') && !c.startsWith('sd-only-')).join('.');
  return [`${'  '.repeat(depth)}${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}`, ...Array.from(el.children).flatMap((c) => shape(c, depth + 1))];
}

describe('the page before its JavaScript', () => {
  it("as a visitor on a slow phone I see the landing's hero in the HTML itself: logo, title, message, 'Ingresar', 'Registrarme'", () => {
    expect(staticHero).not.toBeNull();
    expect(staticHero.querySelector('h1')?.textContent).toBe(TEXT.landing.title);
    expect(staticHero.querySelector('p.sd-hero-subtitle')?.textContent).toBe(TEXT.landing.message);
    const links = Array.from(staticHero.querySelectorAll('a')).map((a) => [a.textContent?.trim(), a.getAttribute('href')]);
    expect(links).toEqual([
      ['Sendero', '/'],
      ['Ingresar', '/ingresar'],
      ['Registrarme', '/registro'],
    ]);
    // Its styles are in the same file: no stylesheet request stands before the first paint.
    expect(doc.querySelector('head style')?.textContent).toContain('.sd-hero');
    expect(doc.querySelector('link[rel="stylesheet"]')).toBeNull();
  });

  it('every other page gets a static loading shell, shown by the class the server puts on <body>', () => {
    const shell = doc.querySelector('#root .sd-shell');
    expect(shell?.getAttribute('role')).toBe('progressbar');
    expect(shell?.getAttribute('aria-label')).toBe('Cargando');
    expect(doc.querySelector('head style')?.textContent).toContain('body.sd-page .sd-only-landing { display: none; }');
  });

  it('React renders the same hero markup, so nothing moves or doubles when it takes over', async () => {
    stubFetch({ [`GET ${API.places}`]: [200, []], [`GET ${API.config}`]: [200, { map: { tile_url: '', attribution: '' }, social: { instagram: null, facebook: null, x: null } }] });
    renderRoutes(routes, '/');
    const heading = await screen.findByRole('heading', { level: 1, name: TEXT.landing.title }, { timeout: 5000 });
    const reactHero = heading.closest('section.sd-hero') as HTMLElement;
    expect(shape(reactHero)).toEqual(shape(staticHero));
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });
});
