import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ComponentType } from 'react';
import type { StaticShell } from '@sendero/contract';
import { paths } from '@/config/paths';
import { ToastProvider } from '@/components/ui/toast';
import { STATIC_SCREEN_ATTR, STATIC_SUBMIT_ATTR } from '@/lib/static-screen';
import { theme } from '@/lib/theme';
import LoginScreen from './routes/login';
import RegisterScreen from './routes/register';

/**
 * The first paint of /ingresar and /registro before any JavaScript (docs/architecture.md): the build
 * renders their screens here to static HTML with the same components, theme and texts as the app
 * (scripts/render-static-shells.mjs writes dist/static-shells.json) and the server puts that markup in
 * the page's #root and its styles in <head> (apps/server/src/plugins/web.ts). Its fields take typing at
 * once; the app starts on the visitor's first use of the page and replaces it, its form taking over what
 * was typed (lib/static-screen.ts, docs/decisions/038-auth-screens-start-on-first-use.md). Its style tags
 * carry emotion's names, so the app finds those rules already in place instead of inserting them again.
 */
export const STATIC_SHELL_SCREENS: Record<string, ComponentType> = {
  [paths.login]: LoginScreen,
  [paths.register]: RegisterScreen,
};

/** head: the emotion style tags, in the order the app would insert them; body: the screen inside the layout's <main>, marked for src/boot.ts. */
export type { StaticShell };

const STYLE_TAG_RE = /<style data-emotion="[^"]*"[^>]*>[\s\S]*?<\/style>/g;

/**
 * The browser holds its first paint until the element with this id, the last of the static screen, is
 * parsed (<link rel="expect" blocking="render">): a slow phone that paints half the card and then the
 * rest would move it (a layout shift), the card being centred on the page.
 */
export const STATIC_SHELL_END_ID = 'sd-shell-end';

/**
 * MUI moves a field's label onto its border from JavaScript (data-shrink), which the static screen does
 * not run: these rules do the same, with MUI's own values, for a field that has the focus or holds text,
 * so that what the visitor types before the app starts is never under the label.
 */
function staticFieldStyles(primary: string, error: string): string {
  const field = `[${STATIC_SCREEN_ATTR}] .MuiFormControl-root`;
  const invalid = `${field}:has(input[aria-invalid="true"]:placeholder-shown)`;
  const active = `${field}:is(:focus-within, :has(input:not(:placeholder-shown)))`;
  const focused = `${field}:focus-within`;
  return (
    `<style data-static-fields>` +
    `${active} > .MuiInputLabel-outlined{transform:translate(14px, -9px) scale(0.75);max-width:calc(133% - 32px)}` +
    `${active} .MuiOutlinedInput-notchedOutline > legend{max-width:100%;transition:max-width 100ms cubic-bezier(0, 0, 0.2, 1) 50ms}` +
    `${focused} > .MuiInputLabel-outlined{color:${primary}}` +
    `${focused} .MuiOutlinedInput-notchedOutline{border-color:${primary};border-width:2px}` +
    // A press with empty fields (lib/static-screen.ts): those fields red and the button busy at once.
    `${invalid} .MuiOutlinedInput-notchedOutline{border-color:${error}}${invalid} > .MuiInputLabel-outlined{color:${error}}` +
    `[${STATIC_SCREEN_ATTR}] [${STATIC_SUBMIT_ATTR}][aria-busy="true"]{opacity:0.7;cursor:progress}` +
    `</style>`
  );
}

/** Renders a screen the way the app's layout shows it to a visitor without a session (app-layout.tsx). */
export function renderStaticShell(path: string): StaticShell {
  const Screen = STATIC_SHELL_SCREENS[path];
  if (!Screen) throw new Error(`No static shell for ${path}`);
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>
            <main style={{ minHeight: '100vh' }} {...{ [STATIC_SCREEN_ATTR]: '' }}>
              <Screen />
            </main>
          </MemoryRouter>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  // Without a document, emotion writes each component's rules as a <style> just before it.
  const styles = html.match(STYLE_TAG_RE) ?? [];
  // The browser never sends the static form itself (the fields would end up in the page's address): its
  // button is a plain one, and with two fields or more Enter sends nothing. lib/static-screen.ts records
  // a press of either, and the app's form sends itself once it has taken over.
  const body = html.replace(STYLE_TAG_RE, '').replace(/<button\b([^>]*) type="submit"/g, `<button$1 type="button" ${STATIC_SUBMIT_ATTR}=""`);
  const expect = `<link rel="expect" href="#${STATIC_SHELL_END_ID}" blocking="render">`;
  return { head: `${styles.join('')}${staticFieldStyles(theme.palette.primary.main, theme.palette.error.main)}${expect}`, body: `${body}<div id="${STATIC_SHELL_END_ID}" hidden></div>` };
}

export function renderStaticShells(): Record<string, StaticShell> {
  return Object.fromEntries(Object.keys(STATIC_SHELL_SCREENS).map((path) => [path, renderStaticShell(path)]));
}
