/**
 * /ingresar and /registro before the app (docs/decisions/038-auth-screens-start-on-first-use.md). Their
 * HTML carries the screen itself, rendered at build time (app/static-shells.tsx), and its fields take
 * typing from the first paint. The app's code is downloaded once the page has loaded, but only runs on
 * the visitor's first touch, key or focus (src/boot.ts). When the app's form mounts, it takes over what
 * the static one holds: the typed values, the focused field and its caret, and a press of the button
 * (or Enter) made meanwhile, which then sends the form.
 *
 * This module is part of the page's entry script, which every page loads: it stays small and imports
 * nothing. What the app's form does with it is in lib/adopt-static-form.ts, loaded with the form.
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
  const fieldOf = (target: EventTarget | null) => (target instanceof HTMLInputElement && formOf(target) ? target : null);
  const state: Watch = {
    forms,
    // A field focused before this script ran (the browser's autofocus, a quick tap).
    focused: fieldOf(document.activeElement),
    sent: null,
    stop: () => {
      for (const [type, listener] of listeners) document.removeEventListener(type, listener as EventListener, true);
      for (const type of FIRST_USE_EVENTS) document.removeEventListener(type, firstUse, true);
    },
  };
  let used = false;
  const firstUse = () => {
    if (used) return;
    used = true;
    for (const type of FIRST_USE_EVENTS) document.removeEventListener(type, firstUse, true);
    onFirstUse();
  };
  const onFocusOut = (event: Event) => {
    const field = event.target;
    // The visitor left the field (a click on the page's background): nothing to give the focus back to.
    // A field the app has just removed from the page keeps it: the app's twin gets the focus instead.
    setTimeout(() => {
      if (state.focused === field && field instanceof Node && field.isConnected && document.activeElement !== field) state.focused = null;
    });
  };
  // A press shows at once, before the app's messages (which wait for its code on a slow phone): the
  // button is busy and every empty field is marked invalid (red, by the static field styles).
  const press = (form: HTMLFormElement) => {
    state.sent = form;
    form.querySelector(`[${STATIC_SUBMIT_ATTR}]`)?.setAttribute('aria-busy', 'true');
    for (const field of form.querySelectorAll('input')) if (field.value === '') field.setAttribute('aria-invalid', 'true');
  };
  const onClick = (event: Event) => {
    const form = formOf(event.target);
    if (form && event.target instanceof Element && event.target.closest(`[${STATIC_SUBMIT_ATTR}]`)) press(form);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const form = formOf(event.target);
    if (form && event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      press(form);
    }
  };
  const listeners: Array<[string, (event: never) => void]> = [
    ['focusin', (event: Event) => (state.focused = fieldOf(event.target))],
    ['focusout', onFocusOut],
    ['click', onClick],
    ['keydown', onKeyDown],
    // No static form is ever sent by the browser itself (its fields would end up in the address).
    ['submit', (event: Event) => formOf(event.target) && event.preventDefault()],
  ];
  for (const [type, listener] of listeners) document.addEventListener(type, listener as EventListener, true);
  for (const type of FIRST_USE_EVENTS) document.addEventListener(type, firstUse, { capture: true, passive: true });
  watch = state;
  if (state.focused) firstUse();
}

/** What the static screen held for a form of the app's: the static form, its focused field, whether it was sent. */
export interface StaticFormState {
  form: HTMLFormElement;
  focused: HTMLInputElement | null;
  sent: boolean;
}

/**
 * For the app's form as it mounts (lib/adopt-static-form.ts): the static form with the same accessible
 * name, what had the focus in it and whether it was sent, once; the watch ends there.
 */
export function takeStaticForm(form: HTMLFormElement): StaticFormState | null {
  const label = form.getAttribute('aria-label');
  const staticForm = watch?.forms.find((candidate) => candidate !== form && candidate.getAttribute('aria-label') === label);
  if (!watch || !staticForm) return null;
  const { focused, sent } = watch;
  watch.stop();
  watch = null;
  return { form: staticForm, focused: focused && staticForm.contains(focused) ? focused : null, sent: sent === staticForm };
}
