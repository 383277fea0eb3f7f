import { act, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TEXT } from '@sendero/contract';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/route-tree';
import { createQueryClient } from '@/lib/query-client';

/** The app at `path` with its lazy screen loaded, as the build renders it (prerender.tsx) and main.tsx hydrates it. */
async function app(path: string): Promise<ReactElement> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  return (
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

/** Types into a field of the build's HTML as a browser does before any script: the DOM's value only. */
function typeBeforeScripts(input: HTMLInputElement, text: string) {
  input.focus();
  input.value = text;
  // Email fields have no caret the selection API can set.
  if (input.type !== 'email') input.setSelectionRange(2, 2);
}

describe("the build's HTML of the auth screens, hydrated by the app (src/boot/README.md)", () => {
  // hydrateRoot is React's own, not testing-library's render: tell React that act() is in use here.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

  it.each([
    ['/ingresar', TEXT.auth.login, ['login-email', 'login-password']],
    ['/registro', TEXT.auth.register, ['register-email', 'register-password', 'register-confirm', 'register-firstname', 'register-lastname']],
  ] as const)('%s: what I typed before the app, the focus and the caret stay; the button waits for the app', async (path, submit, ids) => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(await app(path));
    document.body.append(root);
    const button = [...root.querySelectorAll('button')].find((b) => b.textContent === submit)!;
    expect(button.disabled).toBe(true);
    const fields = ids.map((id) => root.querySelector<HTMLInputElement>(`#${id}`)!);
    fields.forEach((field, i) => typeBeforeScripts(field, `valor ${i}@example.com`));
    const last = fields.at(-1)!;

    const mismatches = vi.fn();
    const element = await app(path);
    await act(async () => {
      hydrateRoot(root, element, { onRecoverableError: mismatches });
    });
    expect(mismatches).not.toHaveBeenCalled();
    // The same elements, adopted by React: nothing was rendered anew.
    expect(ids.map((id) => root.querySelector(`#${id}`))).toEqual(fields);
    expect(fields.map((field) => field.value)).toEqual(fields.map((_f, i) => `valor ${i}@example.com`));
    expect(document.activeElement).toBe(last);
    expect(last.selectionStart).toBe(2);
    expect(button.disabled).toBe(false);
    root.remove();
  });
});
