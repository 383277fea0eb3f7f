/**
 * /ingresar and /registro before the app (docs/decisions/038-auth-screens-start-on-first-use.md). Their
 * HTML carries the screen itself, rendered at build time (app/static-shells.tsx), and its fields take
 * typing from the first paint. The app's code is downloaded once the page has loaded, but only runs on
 * the visitor's first touch, key or focus (src/boot.ts). When the app's form mounts, it takes over what
 * the static one holds: the typed values, the focused field and its caret, and a press of the button
 * (or Enter) made meanwhile, which then sends the form.
 *
 * This module is part of the page's entry script: it stays small and imports nothing.
 */

/** On the static screen's <main> (app/static-shells.tsx): what src/boot.ts looks for. */
export const STATIC_SCREEN_ATTR = 'data-static-screen';
/** On the static form's button: a plain button (type="button") until the app's form takes over. */
export const STATIC_SUBMIT_ATTR = 'data-static-submit';

/** Events that count as the visitor's first use of the page: the app starts on the first of them. */
const FIRST_USE_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'input', 'wheel'] as const;

interface Watch {
  forms: HTMLFormElement[];
  /** The static field that has the focus, if any (kept once the app has removed it from the page). */
  focused: HTMLInputElement | null;
  /** A static form whose button (or Enter in one of its fields) was pressed before the app took over. */
  sent: HTMLFormElement | null;
  stop: () => void;
}

let watch: Watch | null = null;

/**
 * Watches the static screen until the app's form adopts it: calls `onFirstUse` once, on the visitor's
 * first use of the page, and records the focused field and a press of the form's button or of Enter.
 */
export function watchStaticScreen(screen: Element, onFirstUse: () => void): void {
  const forms = [...screen.querySelectorAll('form')];
  const formOf = (target: EventTarget | null) => (target instanceof Element ? forms.find((form) => form.contains(target)) : undefined);
  let used = false;
  const firstUse = () => {
    if (used) return;
    used = true;
    for (const type of FIRST_USE_EVENTS) document.removeEventListener(type, firstUse, true);
    onFirstUse();
  };
  const onFocusIn = (event: Event) => {
    watch!.focused = event.target instanceof HTMLInputElement && formOf(event.target) ? event.target : null;
  };
  const onFocusOut = (event: Event) => {
    const field = event.target;
    // The visitor left the field (a click on the page's background): nothing to give the focus back to.
    // A field the app has just removed from the page keeps it: the app's twin gets the focus instead.
    setTimeout(() => {
      if (watch && watch.focused === field && field instanceof Node && field.isConnected && document.activeElement !== field) watch.focused = null;
    });
  };
  const onClick = (event: Event) => {
    const form = formOf(event.target);
    if (form && event.target instanceof Element && event.target.closest(`[${STATIC_SUBMIT_ATTR}]`)) watch!.sent = form;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const form = formOf(event.target);
    if (form && event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      watch!.sent = form;
    }
  };
  // No static form is ever sent by the browser itself (its fields would end up in the address).
  const onSubmit = (event: Event) => {
    if (formOf(event.target)) event.preventDefault();
  };
  const listeners: Array<[string, (event: never) => void]> = [
    ['focusin', onFocusIn],
    ['focusout', onFocusOut],
    ['click', onClick],
    ['keydown', onKeyDown],
    ['submit', onSubmit],
  ];
  for (const [type, listener] of listeners) document.addEventListener(type, listener as EventListener, true);
  for (const type of FIRST_USE_EVENTS) document.addEventListener(type, firstUse, { capture: true, passive: true });
  // A field focused before this script ran (the browser's autofocus, a quick tap).
  const active = document.activeElement;
  watch = {
    forms,
    focused: active instanceof HTMLInputElement && formOf(active) ? active : null,
    sent: null,
    stop: () => {
      for (const [type, listener] of listeners) document.removeEventListener(type, listener as EventListener, true);
      for (const type of FIRST_USE_EVENTS) document.removeEventListener(type, firstUse, true);
    },
  };
  if (watch.focused) firstUse();
}

/** Sets an input's value the way typing does, so that React's onChange (and react-hook-form) sees it. */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Input types whose caret the selection API can read and set (not email or number). */
const CARET_TYPES = new Set(['text', 'password', 'search', 'tel', 'url']);

/**
 * Called by the app's form as it mounts (in a layout effect, before the browser paints it): if the
 * static screen had a form with the same accessible name, copies its fields by name, gives the focus
 * to the field that had it, and sends the form if the visitor pressed its button meanwhile. Once.
 */
export function adoptStaticForm(form: HTMLFormElement): void {
  const label = form.getAttribute('aria-label');
  const staticForm = watch?.forms.find((candidate) => candidate !== form && candidate.getAttribute('aria-label') === label);
  if (!watch || !staticForm) return;
  const { focused, sent } = watch;
  watch.stop();
  watch = null;
  for (const field of staticForm.querySelectorAll('input')) {
    const twin = field.name ? form.elements.namedItem(field.name) : null;
    if (!(twin instanceof HTMLInputElement) || twin.type !== field.type) continue;
    if (field.type === 'checkbox' || field.type === 'radio') {
      if (twin.checked !== field.checked) twin.click();
    } else if (twin.value !== field.value) {
      typeInto(twin, field.value);
    }
  }
  const twin = focused && staticForm.contains(focused) ? form.elements.namedItem(focused.name) : null;
  if (twin instanceof HTMLInputElement && !twin.disabled) {
    twin.focus();
    if (CARET_TYPES.has(twin.type) && focused!.selectionStart !== null) {
      twin.setSelectionRange(focused!.selectionStart, focused!.selectionEnd, focused!.selectionDirection ?? undefined);
    }
  }
  if (sent === staticForm) form.requestSubmit();
}
