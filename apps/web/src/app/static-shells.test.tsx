import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEXT } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import { paths } from '@/config/paths';
import { stubFetch } from '@/test/fetch-stub';
import { renderRoutes } from '@/test/render';
import { STATIC_SCREEN_ATTR, STATIC_SUBMIT_ATTR } from '@/lib/static-screen';
import { renderStaticShell, STATIC_SHELL_SCREENS } from './static-shells';

/** The element tree as lines of tag, classes (MUI's and emotion's), label-like attributes and own text. */
function shape(el: Element, depth = 0): string[] {
  const classes = [...el.classList].sort().join('.');
  const attrs = ['id', 'for', 'type', 'placeholder', 'href', 'aria-label', 'name', 'autocomplete']
    .map((name) => (el.hasAttribute(name) ? `${name}=${el.getAttribute(name)}` : ''))
    .filter(Boolean)
    .join(' ');
  const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent?.trim()).join('');
  return [`${'  '.repeat(depth)}${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''} ${attrs} ${text}`.trimEnd(), ...[...el.children].flatMap((c) => shape(c, depth + 1))];
}

describe('the static first paint of /ingresar and /registro (what the build puts in their HTML)', () => {
  it('is for exactly those two screens', () => {
    expect(Object.keys(STATIC_SHELL_SCREENS).sort()).toEqual([paths.login, paths.register].sort());
  });

  for (const [path, title, form, submitLabel] of [
    [paths.login, TEXT.auth.loginTitle, TEXT.auth.loginForm, TEXT.auth.login],
    [paths.register, TEXT.auth.registerTitle, TEXT.auth.registerForm, TEXT.auth.register],
  ] as const) {
    it(`${path}: the same elements, classes and texts as the screen the app renders, its fields usable, its form never sent by the browser`, async () => {
      const { head, body } = renderStaticShell(path);
      // The first paint waits for the whole card (its last element), never half of it.
      expect(head).toMatch(/<link rel="expect" href="#sd-shell-end" blocking="render">$/);
      expect(body).toMatch(/<div id="sd-shell-end" hidden><\/div>$/);
      const shell = new DOMParser().parseFromString(body, 'text/html').querySelector('main')!;
      expect(shell.hasAttribute(STATIC_SCREEN_ATTR)).toBe(true);
      expect(shell.hasAttribute('inert')).toBe(false);
      expect(shell.querySelector('h1')?.textContent).toBe(title);
      expect(shell.querySelector('form')?.getAttribute('aria-label')).toBe(form);
      expect(body).not.toContain('<style');
      const controls = [...shell.querySelectorAll('input, button')];
      expect(controls.length).toBeGreaterThan(2);
      for (const control of controls) expect(control.hasAttribute('disabled'), control.outerHTML).toBe(false);
      // Its one button sends nothing by itself (lib/static-screen.ts sends the app's form instead).
      expect(shell.querySelectorAll('button[type="submit"]')).toHaveLength(0);
      const submit = shell.querySelectorAll(`button[${STATIC_SUBMIT_ATTR}]`);
      expect([...submit].map((b) => [b.getAttribute('type'), b.textContent])).toEqual([['button', submitLabel]]);
      // No stylesheet of the app has arrived when this paints: the logo's look (CSS modules come with the
      // app's code) travels in its style attribute, or it shows as a plain blue underlined link.
      const logo = shell.querySelector<HTMLAnchorElement>('a[href="/"]')!;
      expect(logo.style.textDecoration).toBe('none');
      expect(logo.style.display).toBe('inline-flex');
      expect(logo.style.color).not.toBe('');
      cleanup();

      stubFetch({});
      renderRoutes(routes, path);
      const heading = await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 });
      const app = heading.closest('main')!;
      expect(shape(shell).length).toBeGreaterThan(20);
      // The same, but for the button's type.
      for (const button of submit) button.setAttribute('type', 'submit');
      expect(shape(app).slice(1)).toEqual(shape(shell).slice(1));
    });
  }
});
