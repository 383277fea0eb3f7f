import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, MSG, TEXT } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import { paths } from '@/config/paths';
import { STATIC_SCREEN_ATTR, watchStaticScreen } from '@/lib/static-screen';
import { stubFetch } from '@/test/fetch-stub';
import { makePlace, makeUser, USER_ID } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { renderStaticShell } from './static-shells';

// As long as the wait of src/test/setup.ts, sized for a busy two-core machine.
const wait = { timeout: 10_000 };

/**
 * The page as the server sends /ingresar or /registro (the build's static screen), watched as src/boot.ts
 * does; `takeOver` then does what the app does when it starts: React replaces the static screen (it
 * leaves the page) and renders the real one.
 */
function staticPage(path: string) {
  const page = document.createElement('div');
  page.innerHTML = renderStaticShell(path).body;
  document.body.append(page);
  const onFirstUse = vi.fn();
  watchStaticScreen(page.querySelector(`[${STATIC_SCREEN_ATTR}]`)!, onFirstUse);
  const staticScreen = within(page);
  return {
    onFirstUse,
    staticScreen,
    takeOver: () => {
      page.remove();
      return renderRoutes(routes, path);
    },
  };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('login and register before the app has started (lib/static-screen.ts)', () => {
  it('what I typed in the static login form, and the field I was typing in, are in the app’s form when it takes over; nothing is sent', async () => {
    const { calls } = stubFetch({});
    const { onFirstUse, staticScreen, takeOver } = staticPage(paths.login);
    await userEvent.type(staticScreen.getByLabelText(TEXT.fields.email), 'ana@example.com');
    expect(onFirstUse).toHaveBeenCalledTimes(1);
    await userEvent.type(staticScreen.getByLabelText(TEXT.fields.password), 'secre');

    takeOver();
    const password = await screen.findByLabelText(TEXT.fields.password, {}, wait);
    expect(screen.getByLabelText(TEXT.fields.email)).toHaveValue('ana@example.com');
    expect(password).toHaveValue('secre');
    expect(password).toHaveFocus();
    // The caret is where I left it: typing goes on at the end.
    await userEvent.keyboard('to123');
    expect(password).toHaveValue('secreto123');
    expect(calls).toHaveLength(0);
    expect(onFirstUse).toHaveBeenCalledTimes(1);
  });

  it('a press of “Ingresar” before the app has started sends the form once it has, with what I typed', async () => {
    const { calls } = stubFetch({
      [`POST ${API.login}`]: [200, { token: 't-user', _id: USER_ID, role: 'user' }],
      [`GET ${API.user(USER_ID)}`]: [200, makeUser()],
      [`GET ${API.places}`]: [200, [makePlace()]],
    });
    const { staticScreen, takeOver } = staticPage(paths.login);
    await userEvent.type(staticScreen.getByLabelText(TEXT.fields.email), 'ana@example.com');
    await userEvent.type(staticScreen.getByLabelText(TEXT.fields.password), 'secreto123');
    await userEvent.click(staticScreen.getByRole('button', { name: TEXT.auth.login }));
    expect(calls).toHaveLength(0);

    const { router } = takeOver();
    await waitFor(() => expect(router.state.location.pathname).toBe('/buscar-destino'), wait);
    expect(calls.filter((call) => call.path === API.login)).toEqual([expect.objectContaining({ method: 'POST', body: { email: 'ana@example.com', password: 'secreto123' } })]);
  });

  it('Enter in a static field counts as the press: an empty register form shows its messages once the app has taken over', async () => {
    const { calls } = stubFetch({});
    const { staticScreen, takeOver } = staticPage(paths.register);
    await userEvent.type(staticScreen.getByLabelText(TEXT.fields.firstname), 'Ana{Enter}');

    takeOver();
    expect(await screen.findByText(MSG.emailRequired, {}, wait)).toBeInTheDocument();
    expect(screen.getByLabelText(TEXT.fields.firstname)).toHaveValue('Ana');
    expect(calls).toHaveLength(0);
  });

  it("a tap on 'Registrarme' with empty fields shows at once, before the app has started: the empty fields are marked, the button is busy", async () => {
    stubFetch({});
    const { staticScreen } = staticPage(paths.register);
    await userEvent.type(staticScreen.getByLabelText(TEXT.fields.firstname), 'Ana');
    await userEvent.click(staticScreen.getByRole('button', { name: TEXT.auth.register }));
    expect(staticScreen.getByRole('button', { name: TEXT.auth.register })).toHaveAttribute('aria-busy', 'true');
    expect(staticScreen.getByLabelText(TEXT.fields.email)).toHaveAttribute('aria-invalid', 'true');
    expect(staticScreen.getByLabelText(TEXT.fields.lastname)).toHaveAttribute('aria-invalid', 'true');
    expect(staticScreen.getByLabelText(TEXT.fields.firstname)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('without a press, the register form keeps every field I filled and sends nothing', async () => {
    const { calls } = stubFetch({});
    const { staticScreen, takeOver } = staticPage(paths.register);
    const typed = { [TEXT.fields.firstname]: 'Ana', [TEXT.fields.lastname]: 'Quispe', [TEXT.fields.email]: 'ana@example.com' };
    for (const [label, value] of Object.entries(typed)) await userEvent.type(staticScreen.getByLabelText(label), value);
    // I left the last field (a click on the page): no field gets the focus back.
    await userEvent.click(document.body);

    takeOver();
    await screen.findByRole('form', { name: TEXT.auth.registerForm }, wait);
    for (const [label, value] of Object.entries(typed)) expect(screen.getByLabelText(label)).toHaveValue(value);
    expect(screen.getByLabelText(TEXT.fields.email)).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);
    expect(calls).toHaveLength(0);
  });
});
