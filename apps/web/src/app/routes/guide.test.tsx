import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API, MSG, TEXT, type User } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import { stubFetch } from '@/test/fetch-stub';
import { makeUser, signIn, USER_ID } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';

// As long as the wait of src/test/setup.ts, sized for a busy two-core machine.
const wait = { timeout: 10_000 };

/** A tiny stand-in for the server's user record: update2 changes what GET returns next. */
function setup(initial: User) {
  signIn('user');
  let user = initial;
  const stub = stubFetch({
    [`GET ${API.user(USER_ID)}`]: () => [200, user],
    [`PUT ${API.userUpdate2(USER_ID)}`]: (body) => {
      user = { ...user, ...(body as Partial<User>) };
      return [200, user];
    },
  });
  renderRoutes(routes, '/convertirme-en-guia');
  return stub;
}

describe('guide application (/convertirme-en-guia)', () => {
  it('explains what a guide does and why the data is asked', async () => {
    setup(makeUser());
    expect(await screen.findByText(TEXT.guide.whatIs, {}, wait)).toBeInTheDocument();
    expect(screen.getByText(TEXT.guide.whyData)).toBeInTheDocument();
    expect(screen.getByLabelText(/Acerca de ti/)).toHaveAttribute('placeholder', 'Cuéntanos tu experiencia...');
    expect(screen.getAllByLabelText('Otro')).toHaveLength(3);
  });

  it('Instagram, Facebook, LinkedIn and Acerca de ti are required; the Otro fields are not', async () => {
    const { calls } = setup(makeUser());
    await userEvent.click(await screen.findByRole('button', { name: TEXT.guide.send }, wait));
    expect(await screen.findByText(MSG.instagramRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.facebookRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.linkedinRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.aboutYouRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('sends the application with status Enviado and then shows it was sent', async () => {
    const { calls } = setup(makeUser());
    await userEvent.type(await screen.findByLabelText(/Instagram/, {}, wait), '@ana');
    await userEvent.type(screen.getByLabelText(/Facebook/), 'ana.fb');
    await userEvent.type(screen.getByLabelText(/LinkedIn/), 'ana-li');
    await userEvent.type(screen.getAllByLabelText('Otro')[0] as HTMLElement, 'strava/ana');
    await userEvent.type(screen.getByLabelText(/Acerca de ti/), 'Guío en la Cordillera Blanca desde 2015.');
    await userEvent.click(screen.getByRole('button', { name: TEXT.guide.send }));
    expect(await screen.findByText(TEXT.guide.alreadySent, {}, wait)).toBeInTheDocument();
    expect(screen.getByText(TEXT.guide.sent)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: API.userUpdate2(USER_ID),
      body: {
        instagram: '@ana',
        facebook: 'ana.fb',
        linkedin: 'ana-li',
        other1: 'strava/ana',
        other2: '',
        other3: '',
        about_you: 'Guío en la Cordillera Blanca desde 2015.',
        status: 'Enviado',
      },
    });
  });

  it('an application already sent offers a new one after warning that it replaces the earlier', async () => {
    setup(makeUser({ status: 'Enviado', instagram: '@vieja', facebook: 'fb', linkedin: 'li', about_you: 'Antes' }));
    expect(await screen.findByText(TEXT.guide.alreadySent, {}, wait)).toBeInTheDocument();
    expect(screen.getByText(TEXT.guide.pending)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: TEXT.guide.replaceTitle }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(TEXT.guide.replaceWarning)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: TEXT.guide.continue }));
    expect(await screen.findByLabelText(/Instagram/)).toHaveValue('@vieja');
    expect(screen.getByLabelText(/Acerca de ti/)).toHaveValue('Antes');
  });

  it('a rejected application says so and can be sent again; cancelling the warning keeps the status view', async () => {
    setup(makeUser({ status: 'Rechazado' }));
    expect(await screen.findByText(TEXT.guide.rejected, {}, wait)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: TEXT.guide.replaceTitle }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: TEXT.actions.cancel }));
    expect(screen.getByText(TEXT.guide.alreadySent)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.guide.send })).not.toBeInTheDocument();
  });
});
