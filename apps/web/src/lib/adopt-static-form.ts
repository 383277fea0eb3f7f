import { takeStaticForm } from './static-screen';

/** Sets an input's value the way typing does, so that React's onChange (and react-hook-form) sees it. */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Input types whose caret the selection API can read and set (not email or number). */
const CARET_TYPES = new Set(['text', 'password', 'search', 'tel', 'url']);

/**
 * Called by the app's form as it mounts (in a layout effect, before the browser paints it): if the
 * static screen had a form with the same accessible name (lib/static-screen.ts), copies its fields by
 * name, gives the focus to the field that had it, and sends the form if the visitor pressed its button
 * meanwhile. Once.
 */
export function adoptStaticForm(form: HTMLFormElement): void {
  const taken = takeStaticForm(form);
  if (!taken) return;
  for (const field of taken.form.querySelectorAll('input')) {
    const twin = field.name ? form.elements.namedItem(field.name) : null;
    if (!(twin instanceof HTMLInputElement) || twin.type !== field.type) continue;
    if (field.type === 'checkbox' || field.type === 'radio') {
      if (twin.checked !== field.checked) twin.click();
    } else if (twin.value !== field.value) {
      typeInto(twin, field.value);
    }
  }
  const { focused } = taken;
  const twin = focused ? form.elements.namedItem(focused.name) : null;
  if (focused && twin instanceof HTMLInputElement && !twin.disabled) {
    twin.focus();
    if (CARET_TYPES.has(twin.type) && focused.selectionStart !== null) {
      twin.setSelectionRange(focused.selectionStart, focused.selectionEnd, focused.selectionDirection ?? undefined);
    }
  }
  if (taken.sent) form.requestSubmit();
}
