import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, type AdminAction, type Status, type User, TEXT } from '@sendero/contract';
import { renderWithProviders } from '@/test/render';
import { stubFetch, type FetchHandler } from '@/test/fetch-stub';
import { ADMIN_ID, makeAdmin, makeUser, signIn, USER_ID } from '@/test/fixtures';
import AdminUserScreen from './admin-user';

const APPLICANT = makeUser({
  firstname: 'Ana María',
  lastname: 'Pérez Soto',
  email: 'ana@example.com',
  status: 'Enviado',
  instagram: '@ana.senderos',
  facebook: 'facebook.com/ana.senderos',
  linkedin: 'https://www.linkedin.com/in/ana',
  other1: 'javascript:alert(1)',
  other2: 'mi blog de caminatas',
  about_you: 'Guío caminatas en la sierra de Lima desde hace cinco años.',
});

function action(kind: AdminAction['action'], created_at = '2025-03-05T15:30:00.000Z'): AdminAction {
  return {
    _id: `66666666-6666-4666-8666-${kind.length.toString().padStart(12, '0')}`,
    admin: { _id: ADMIN_ID, name: 'Carlos Ramos' },
    action: kind,
    target_type: 'user',
    target_id: USER_ID,
    created_at,
  };
}

interface Setup {
  user?: Partial<User>;
  actions?: AdminAction[];
  handlers?: Record<string, FetchHandler | [number, unknown]>;
}

function setup({ user: overrides = {}, actions = [], handlers = {} }: Setup = {}) {
  signIn('admin');
  const user = { ...APPLICANT, ...overrides };
  const net = stubFetch({
    [`GET /api/admin/${ADMIN_ID}`]: [200, makeAdmin()],
    [`GET /api/user/${USER_ID}`]: [200, user],
    [`GET /api/admin/actions?target=${USER_ID}`]: () => [200, actions],
    ...handlers,
  });
  const view = renderWithProviders(<AdminUserScreen />, {
    route: `/admin/usuario/${USER_ID}`,
    path: '/admin/usuario/:id',
    extraRoutes: [{ path: '/admin/usuarios', element: <p>Lista de usuarios</p> }],
  });
  const count = (key: string) => net.calls.filter((c) => `${c.method} ${c.path}` === key).length;
  return { ...view, user, net, count, ui: userEvent.setup() };
}

const buttons = () => ({
  approve: screen.getByRole('button', { name: 'Aprobar' }),
  reject: screen.getByRole('button', { name: 'Rechazar' }),
  block: screen.getByRole('button', { name: 'Bloquear Beneficios de Guía' }),
});
const statusFact = () => screen.getByText(TEXT.admin.status, { selector: 'dt' }).nextElementSibling;
const PUT = `PUT /api/user/update2/${USER_ID}`;

describe('admin user profile', () => {
  it.each<[Status, { approve: boolean; reject: boolean; block: boolean }]>([
    ['none', { approve: true, reject: true, block: false }],
    ['Enviado', { approve: true, reject: true, block: false }],
    ['Aprobado', { approve: false, reject: false, block: true }],
    ['Rechazado', { approve: true, reject: false, block: false }],
  ])('as an admin, for a user with status %s I may use exactly the actions docs/product.md#guide-application-status allows', async (status, enabled) => {
    setup({ user: { status, role: status === 'Aprobado' ? 'guide' : 'user' } });
    await screen.findByRole('heading', { level: 1, name: 'Perfil de Ana Pérez' });
    const b = buttons();
    for (const key of ['approve', 'reject', 'block'] as const) {
      if (enabled[key]) expect(b[key]).toBeEnabled();
      else expect(b[key]).toBeDisabled();
    }
    expect(screen.getByRole('link', { name: TEXT.actions.back })).toHaveAttribute('href', '/admin/usuarios');
    expect(statusFact()).toHaveTextContent(status === 'none' ? 'Sin solicitud' : status);
  });

  it("as an admin I see the user's data, photo, application and about text; only http(s) links are links, opened in a new tab", async () => {
    setup({ user: { photo_url: '/uploads/ana.webp' } });
    await screen.findByRole('heading', { level: 1, name: 'Perfil de Ana Pérez' });
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('Ana María', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Pérez Soto', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto de Ana Pérez' })).toHaveAttribute('src', '/uploads/ana-400.webp');
    expect(screen.getByRole('heading', { name: 'Acerca de ti' })).toBeInTheDocument();
    expect(screen.getByText('Guío caminatas en la sierra de Lima desde hace cinco años.')).toBeInTheDocument();

    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('target') === '_blank');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://www.instagram.com/ana.senderos',
      'https://facebook.com/ana.senderos',
      'https://www.linkedin.com/in/ana',
    ]);
    for (const a of links) expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: /@ana\.senderos/ })).toBeInTheDocument();
    // Anything that is not an http(s) address is shown as text, never as a link.
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(screen.getByText('mi blog de caminatas').closest('a')).toBeNull();
  });

  it('as an admin I approve after confirming, and the new status and buttons show at once from the answer', async () => {
    let actions: AdminAction[] = [];
    const { ui, net, count } = setup({
      handlers: {
        [PUT]: () => [200, { ...APPLICANT, status: 'Aprobado', role: 'guide' }],
        [`GET /api/admin/actions?target=${USER_ID}`]: () => [200, actions],
      },
    });
    await screen.findByRole('heading', { level: 1 });
    expect(await screen.findByText('Aún no hay registros en el historial.')).toBeInTheDocument();
    await ui.click(buttons().approve);
    const dialog = screen.getByRole('dialog', { name: '¿Aprobar la solicitud de guía de Ana Pérez?' });
    expect(count(PUT)).toBe(0);
    actions = [action('approve')];
    await ui.click(within(dialog).getByRole('button', { name: 'Aprobar' }));

    await waitFor(() => expect(statusFact()).toHaveTextContent('Aprobado'));
    expect(net.calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'Aprobado', role: 'guide' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Guía', { selector: 'dd' })).toBeInTheDocument();
    const b = buttons();
    expect(b.approve).toBeDisabled();
    expect(b.reject).toBeDisabled();
    expect(b.block).toBeEnabled();
    // The answer replaced the cached user (no refetch); the log is refetched.
    expect(count(`GET /api/user/${USER_ID}`)).toBe(1);
    expect(await screen.findByText(/aprobó la solicitud de guía/)).toBeInTheDocument();
  });

  it.each<['reject' | 'block', Status, string, string, Partial<User>]>([
    ['reject', 'Enviado', 'Rechazar', '¿Rechazar la solicitud de guía de Ana Pérez?', { status: 'Rechazado', role: 'user' }],
    ['block', 'Aprobado', 'Bloquear Beneficios de Guía', '¿Bloquear los beneficios de guía de Ana Pérez?', { status: 'none', role: 'user' }],
  ])('as an admin I %s after confirming and the status changes at once', async (_kind, status, label, question, answer) => {
    const { ui, net } = setup({
      user: { status, role: status === 'Aprobado' ? 'guide' : 'user' },
      handlers: { [PUT]: () => [200, { ...APPLICANT, ...answer }] },
    });
    await screen.findByRole('heading', { level: 1 });
    await ui.click(screen.getByRole('button', { name: label }));
    const dialog = screen.getByRole('dialog', { name: question });
    await ui.click(within(dialog).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(statusFact()).toHaveTextContent(answer.status === 'none' ? 'Sin solicitud' : answer.status!));
    expect(net.calls.find((c) => c.method === 'PUT')?.body).toEqual(answer);
  });

  it('as an admin, cancelling the confirmation sends nothing', async () => {
    const { ui, count } = setup({ handlers: { [PUT]: [200, APPLICANT] } });
    await screen.findByRole('heading', { level: 1 });
    await ui.click(buttons().reject);
    await ui.click(within(screen.getByRole('dialog')).getByRole('button', { name: TEXT.actions.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(count(PUT)).toBe(0);
    expect(statusFact()).toHaveTextContent('Enviado');
  });

  it('as an admin, a double click on the confirmation sends one request and shows no error', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { ui, count } = setup({
      handlers: {
        [PUT]: async () => {
          await gate;
          return [200, { ...APPLICANT, status: 'Aprobado', role: 'guide' }];
        },
      },
    });
    await screen.findByRole('heading', { level: 1 });
    await ui.click(buttons().approve);
    const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: 'Aprobar' });
    // Two clicks in the same frame, before React re-renders the disabled button.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await ui.click(confirm).catch(() => undefined);
    expect(confirm).toBeDisabled();
    release();
    await waitFor(() => expect(statusFact()).toHaveTextContent('Aprobado'));
    expect(count(PUT)).toBe(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('as an admin, a refused action shows the error toast and keeps the status', async () => {
    const { ui } = setup({
      handlers: { [PUT]: [409, { error: { code: 'CONFLICT', message: MSG.approveNotAllowed } }] },
    });
    await screen.findByRole('heading', { level: 1 });
    await ui.click(buttons().approve);
    await ui.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.approveNotAllowed);
    expect(statusFact()).toHaveTextContent('Enviado');
    expect(buttons().approve).toBeEnabled();
  });

  it('as an admin I read who did what and when in the history, newest first', async () => {
    setup({ actions: [action('block_guide', '2025-03-06T10:00:00.000Z'), action('approve', '2025-03-05T15:30:00.000Z')] });
    const history = await screen.findByRole('region', { name: TEXT.admin.history });
    const items = await within(history).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Carlos Ramos bloqueó los beneficios de guía');
    expect(items[1]).toHaveTextContent('Carlos Ramos aprobó la solicitud de guía');
    const when = new Intl.DateTimeFormat('es-PE', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2025-03-05T15:30:00.000Z'));
    expect(items[1]).toHaveTextContent(when);
    expect(within(items[1]!).getByText(when).closest('time')).toHaveAttribute('datetime', '2025-03-05T15:30:00.000Z');
  });

  it('as an admin, an unknown user says so with a way back to the list', async () => {
    setup({ handlers: { [`GET /api/user/${USER_ID}`]: [404, { error: { code: 'NOT_FOUND', message: MSG.userNotFound } }] } });
    expect(await screen.findByText(MSG.userNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.actions.back })).toHaveAttribute('href', '/admin/usuarios');
  });
});
