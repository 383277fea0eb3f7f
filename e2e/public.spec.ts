import { MSG, TEXT } from '@sendero/contract';
import { action, checkA11y, expect, login, loginThroughUi, logoutControl, menuControls, openMenuIfHidden, storedSession, test, PHONE } from './fixtures.js';

// What a visitor sees and does before having a session (docs/product.md#who-it-is-for).

test.describe('as a visitor', () => {
  test('I see the landing page with its three sections, and it passes axe', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: TEXT.landing.title })).toBeVisible();
    await expect(page.getByText(TEXT.landing.message)).toBeVisible();
    await expect(action(page, TEXT.landing.login)).toBeVisible();
    await expect(action(page, TEXT.landing.register)).toBeVisible();
    await expect(page.getByRole('heading', { name: TEXT.landing.destinations })).toBeVisible();
    await expect(page.getByText(TEXT.landing.guideTitle)).toBeVisible();
    await expect(page.getByText(TEXT.landing.guideText)).toBeVisible();
    // All places are loaded on open: the sample destinations show up as cards with 'Ver más'.
    await expect(page.getByRole('link', { name: /^Ver más sobre / }).first()).toBeVisible();
    await expect(menuControls(page)).toHaveCount(0);
    await checkA11y(page);

    await action(page, TEXT.landing.register).click();
    await expect(page).toHaveURL(/\/registro$/);
    await page.goto('/');
    await action(page, TEXT.landing.login).click();
    await expect(page).toHaveURL(/\/ingresar$/);
    // The logo goes home.
    await page.getByRole('link', { name: /sendero/i }).first().click();
    await expect(page).toHaveURL(/\/$/);

    // Without a session the guide invitation and the cards lead to the login (guarded routes).
    await action(page, TEXT.landing.join).click();
    await expect(page).toHaveURL(/\/ingresar\?volver=%2F/);
    await page.goto('/');
    await page.getByRole('link', { name: /^Ver más sobre / }).first().click();
    await expect(page).toHaveURL(/\/ingresar\?volver=%2F/);
  });

  for (const width of [390, 1024, 1440]) {
    // As a phone only at a phone's width: the wider two are desktop windows.
    test(`at ${width} px the landing's card row lines up with the hero, and the carousel arrows never cover a card`, width === 390 ? PHONE : {}, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const logo = page.getByRole('link', { name: TEXT.landing.logo });
      const carousel = page.getByRole('region', { name: TEXT.landing.carousel });
      const cards = carousel.getByRole('article');
      await expect(cards.first()).toBeVisible({ timeout: 20_000 });
      await carousel.scrollIntoViewIfNeeded();
      const logoBox = (await logo.boundingBox())!;
      const firstCard = (await cards.first().boundingBox())!;
      const title = (await page.getByRole('heading', { level: 2, name: TEXT.landing.destinations }).boundingBox())!;
      // The hero's logo, the section title and the first card share one left edge.
      expect(Math.abs(firstCard.x - logoBox.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(title.x - logoBox.x)).toBeLessThanOrEqual(1);

      const overlaps = async () => {
        const boxes = [];
        for (const name of [TEXT.card.previous, TEXT.card.next]) {
          const arrow = carousel.getByRole('button', { name });
          if (await arrow.isVisible()) boxes.push({ name, box: (await arrow.boundingBox())! });
        }
        const found: string[] = [];
        for (const card of await cards.all()) {
          const c = await card.boundingBox();
          if (!c || c.x + c.width <= 0 || c.x >= width) continue;
          for (const { name, box: a } of boxes) {
            const apart = a.x + a.width <= c.x || c.x + c.width <= a.x || a.y + a.height <= c.y || c.y + c.height <= a.y;
            if (!apart) found.push(`${name} covers a card at x=${Math.round(c.x)}`);
          }
        }
        return { arrows: boxes.length, found };
      };
      const before = await overlaps();
      expect(before.found).toEqual([]);
      // After a page to the right both arrows are there; still none over a card.
      const next = carousel.getByRole('button', { name: TEXT.card.next });
      if (await next.isVisible()) {
        await next.click();
        await expect(carousel.getByRole('button', { name: TEXT.card.previous })).toBeVisible();
        // Polled until the smooth scroll has settled (an arrow passes over a card while it moves).
        await expect.poll(async () => (await overlaps()).found).toEqual([]);
      }
      await page.screenshot({ path: test.info().outputPath(`landing-${width}.png`) });
    });
  }

  test('I register, see "Registro Exitoso" and then log in', PHONE, async ({ page }) => {
    const tag = `${Date.now().toString(36)}`;
    const email = `e2e.visitor.${tag}@sendero.test`;
    const password = `Clave-${tag}`;

    await page.goto('/registro');
    await expect(page.getByRole('heading', { name: TEXT.auth.register })).toBeVisible();
    await checkA11y(page);

    // Every rule of docs/product.md#validation shows its message under its field. My first touch of the
    // page starts the app, which hydrates the form (apps/web/src/boot/README.md) and enables its button.
    await page.getByPlaceholder('Correo', { exact: true }).click();
    await page.getByRole('button', { name: TEXT.auth.register }).click();
    for (const message of [MSG.emailRequired, MSG.passwordRequired, MSG.confirmRequired, MSG.firstnameRequired, MSG.lastnameRequired]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByPlaceholder('Correo', { exact: true }).fill('no-es-un-correo');
    await page.getByPlaceholder('Contraseña', { exact: true }).fill('corta');
    await page.getByPlaceholder('Confirmar Contraseña', { exact: true }).fill('otra');
    await page.getByRole('button', { name: TEXT.auth.register }).click();
    await expect(page.getByText(MSG.emailInvalid, { exact: true })).toBeVisible();
    await expect(page.getByText(MSG.passwordMin, { exact: true })).toBeVisible();
    await expect(page.getByText(MSG.confirmMismatch, { exact: true })).toBeVisible();
    await checkA11y(page, '/registro with validation messages');

    await page.getByPlaceholder('Correo', { exact: true }).fill(email);
    await page.getByPlaceholder('Contraseña', { exact: true }).fill(password);
    await page.getByPlaceholder('Confirmar Contraseña', { exact: true }).fill(password);
    await page.getByPlaceholder('Nombre', { exact: true }).fill('Rosa Elena');
    await page.getByPlaceholder(TEXT.fields.lastname, { exact: true }).fill('Mamani Condori');
    await page.getByRole('button', { name: TEXT.auth.register }).click();

    await expect(page.getByText(TEXT.auth.registeredTitle, { exact: true })).toBeVisible();
    await expect(page.getByText('Su cuenta ha sido registrada con éxito.', { exact: true })).toBeVisible();
    await expect(menuControls(page)).toHaveCount(0);
    await checkA11y(page, 'registration success');

    // The same email again is refused with the message of docs/product.md#errors.
    await page.goto('/registro');
    await page.getByPlaceholder('Correo', { exact: true }).fill(email.toUpperCase());
    await page.getByPlaceholder('Contraseña', { exact: true }).fill(password);
    await page.getByPlaceholder('Confirmar Contraseña', { exact: true }).fill(password);
    await page.getByPlaceholder('Nombre', { exact: true }).fill('Rosa');
    await page.getByPlaceholder(TEXT.fields.lastname, { exact: true }).fill('Mamani');
    await page.getByRole('button', { name: TEXT.auth.register }).click();
    await expect(page.getByText(MSG.emailInUse)).toBeVisible();

    await page.getByRole('link', { name: '¿Ya tienes una cuenta? Ingresa aquí.' }).click();
    await expect(page).toHaveURL(/\/ingresar$/);
    await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
    await checkA11y(page);

    await page.getByRole('button', { name: TEXT.auth.login, exact: true }).click();
    await expect(page.getByText(MSG.emailRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(MSG.passwordRequired, { exact: true })).toBeVisible();

    await loginThroughUi(page, { email, password: 'contraseña-equivocada' });
    await expect(page.getByRole('alert').filter({ hasText: MSG.loginFailed })).toBeVisible();
    expect(await storedSession(page)).toBeNull();

    await loginThroughUi(page, { email, password });
    await expect(page).toHaveURL(/\/buscar-destino$/);
    await expect(page.getByRole('heading', { name: TEXT.search.welcome('Rosa') })).toBeVisible();
    expect(await storedSession(page)).toMatchObject({ role: 'user' });
    await expect(menuControls(page).first()).toBeVisible();
  });

  // docs/product.md#web-rules: login and register paint in the first wave of downloads. The HTML the server sends for
  // them names every chunk their form and its validation need (modulepreload, and prefetch for the
  // validation, written by the build from Vite's manifest: apps/web/src/boot/preloads.ts),
  // so no script is asked for that the HTML did not name, not even when the empty form is sent.
  for (const [path, form, submit] of [
    ['/ingresar', TEXT.auth.loginForm, TEXT.auth.login],
    ['/registro', TEXT.auth.registerForm, TEXT.auth.register],
  ] as const) {
    test(`the HTML of ${path} names every chunk its form and validation need`, async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        // The service worker's registration is a chunk of its own, asked for after load (src/main.tsx).
        if (pathname.endsWith('.js') && !/\/assets\/(register-sw|workbox-window)[.-]/.test(pathname)) scripts.push(pathname);
      });
      const response = await page.goto(path);
      const html = await response!.text();
      const named = new Set([...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));

      const formElement = page.getByRole('form', { name: form });
      // My first touch of the page starts the app (apps/web/src/boot/README.md).
      await formElement.getByLabel(TEXT.fields.email, { exact: true }).click();
      await formElement.getByRole('button', { name: submit, exact: true }).click();
      await expect(page.getByText(MSG.emailRequired, { exact: true })).toBeVisible();
      expect(scripts.length).toBeGreaterThan(1);
      expect(scripts.filter((src) => !named.has(src)), `scripts ${path} asked for that its HTML did not name`).toEqual([]);
      expect([...named].filter((src) => html.includes(`rel="modulepreload" crossorigin href="${src}"`)).length).toBeGreaterThan(0);
    });
  }

  // docs/product.md#web-rules: before any JavaScript, /ingresar and /registro already show their card (the build
  // renders the screens into their HTML with React, apps/web/src/boot/README.md), not a spinner or the
  // landing's hero, and its fields take typing; the app hydrates that HTML when it arrives.
  test('with JavaScript off, /ingresar and /registro show their title, fields and button, and never put what I type in the address', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // Any document the browser asks for other than the two opened below: a form the browser sent itself.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && !['/ingresar', '/registro'].some((path) => request.url() === new URL(path, request.url()).href)) {
        sent.push(`${request.method()} ${request.url()}`);
      }
    });
    for (const [path, title, fields, submit] of [
      ['/ingresar', TEXT.auth.loginTitle, [TEXT.fields.email, TEXT.fields.password], TEXT.auth.login],
      ['/registro', TEXT.auth.registerTitle, [TEXT.fields.email, TEXT.fields.password, TEXT.fields.confirm, TEXT.fields.firstname, TEXT.fields.lastname], TEXT.auth.register],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.locator('main label')).toHaveText([...fields]);
      const button = page.getByRole('button', { name: submit, exact: true });
      await expect(button).toBeVisible();
      await expect(page.locator('.sd-hero, .sd-shell')).toHaveCount(0);
      // The fields take typing, with the label on the field's border, out of the way of the text. The
      // button waits for the app (disabled), so neither it nor Enter makes the browser send the form.
      const emailField = page.getByLabel(TEXT.fields.email, { exact: true });
      const emailLabel = page.locator('main label', { hasText: TEXT.fields.email });
      const labelCentre = async () => {
        const [label, input] = [await emailLabel.boundingBox(), await emailField.boundingBox()];
        return (label!.y + label!.height / 2 - input!.y) / input!.height;
      };
      expect(await labelCentre()).toBeLessThan(0.1);
      await emailField.fill('ana@example.com');
      expect(await labelCentre()).toBeLessThan(0.1);
      await page.getByLabel(TEXT.fields.password, { exact: true }).fill('secreto123');
      // The button waits for the app (disabled): with the form's default button disabled, Enter sends nothing
      // either (HTML's implicit submission).
      await expect(button).toBeDisabled();
      await page.getByLabel(TEXT.fields.password, { exact: true }).press('Enter');
      // The press and the Enter have been handled once the field shows the next key typed after them; a
      // form the browser had started to send by then is a navigation request, checked below.
      await page.getByLabel(TEXT.fields.password, { exact: true }).press('End');
      await page.getByLabel(TEXT.fields.password, { exact: true }).press('4');
      await expect(page.getByLabel(TEXT.fields.password, { exact: true })).toHaveValue('secreto1234');
      expect(page.url()).toMatch(new RegExp(`${path}$`));
      await expect(emailField).toHaveValue('ana@example.com');
    }
    await context.close();
    expect(sent, 'documents the browser asked for after a press or Enter').toEqual([]);
  });

  test('every guarded route sends me to /ingresar', async ({ page, api, admin, registerUser }) => {
    const owner = await registerUser();
    const place = await api.createVerifiedPlace(owner.token, admin.token);
    for (const path of ['/buscar-destino', `/buscar-destino/destino/${place._id}`, '/perfil', '/convertirme-en-guia', '/crear-destino']) {
      await page.goto(path);
      // With where to come back to after signing in (docs/product.md#sharing).
      await expect(page, `${path} without a session`).toHaveURL(`/ingresar?${new URLSearchParams({ volver: path })}`);
      await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
      await expect(menuControls(page)).toHaveCount(0);
    }
  });

  test('an unknown address shows the not-found page without the menu', PHONE, async ({ page, registerUser }) => {
    await page.goto('/no-existe-esta-ruta');
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(menuControls(page)).toHaveCount(0);
    await checkA11y(page);
    await login(page, await registerUser());
    await page.goto('/pagina-no-encontrada');
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(menuControls(page)).toHaveCount(0);
  });
});

test.describe('as a signed-in user', () => {
  test("'Cerrar Sesión' clears the stored session and goes to /", async ({ page, registerUser }) => {
    await login(page, await registerUser());
    await page.goto('/perfil');
    await openMenuIfHidden(page);
    await logoutControl(page).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: TEXT.landing.title })).toBeVisible();
    expect(await storedSession(page)).toBeNull();
    // Stays there once the page has settled (no request for half a second): nothing sends the visitor on to /ingresar.
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/\/$/);
  });

  // /ingresar and /registro send a signed-in person on (docs/product.md#routes-and-guards), so they are not here.
  test('the side menu is hidden on /, /registro-exitoso, /admin/ingresar and /pagina-no-encontrada', PHONE, async ({ page, registerUser }) => {
    await login(page, await registerUser());
    await page.goto('/buscar-destino');
    await expect(menuControls(page).first()).toBeVisible();
    for (const path of ['/', '/registro-exitoso', '/admin/ingresar', '/pagina-no-encontrada']) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      await expect(page, `stays on ${path}`).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
      await expect(menuControls(page), `no menu on ${path}`).toHaveCount(0);
    }
  });
});
