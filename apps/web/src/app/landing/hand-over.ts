/**
 * The hand-over from a landing page's static HTML to the app (see main.tsx). A signed-out first visit to /
 * or /track gets a page that works before any script has run: real links, real radio buttons, the track
 * form as a plain GET form. The app starts on the first interaction and is rendered off-screen; when its
 * page is there, it takes the static page's place in one step, and whatever the person did meanwhile comes
 * with it: what they typed, what they ticked, where the caret was. Fields are matched by `name` (and a radio
 * by its value too), which the static page and the app share because they are drawn by the same components.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const FIELDS = 'input[name], textarea[name], select[name]';

const isToggle = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox');

/** The app's field that stands for a static one: same name, and for a radio or checkbox the same value. */
function counterpart(field: Field, app: ParentNode): Field | null {
  const name = CSS.escape(field.name);
  const selector = isToggle(field) ? `[name="${name}"][value="${CSS.escape(field.value)}"]` : `[name="${name}"]`;
  return app.querySelector<Field>(`:is(input, textarea, select)${selector}`);
}

/** True once the app has drawn every field the static page has: nothing typed can be lost in the swap. */
export function appHasStaticFields(staticPage: ParentNode, app: ParentNode): boolean {
  return [...staticPage.querySelectorAll<Field>(FIELDS)].every((field) => counterpart(field, app) !== null);
}

/** Sets a value the way typing does, so React's onChange sees it (React tracks the value the DOM had). */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Copies into the app (already in the document) what the person changed on the static page, then gives the
 * focus, with the caret or selection where it was, to the app's copy of the field that had it.
 */
export function handOver(staticPage: ParentNode, app: ParentNode, focused: Element | null) {
  for (const field of staticPage.querySelectorAll<Field>(FIELDS)) {
    const target = counterpart(field, app);
    if (!target) continue;
    if (isToggle(field)) {
      // A click is what a person does: React's onChange runs and the app's state follows.
      if (field.checked !== field.defaultChecked && target instanceof HTMLInputElement && target.checked !== field.checked) target.click();
    } else if (field instanceof HTMLSelectElement) {
      if (target.value !== field.value) {
        target.value = field.value;
        target.dispatchEvent(new Event('change', { bubbles: true }));
      }
    } else if (field.value !== field.defaultValue && target.value !== field.value && !(target instanceof HTMLSelectElement)) {
      typeInto(target, field.value);
    }
  }
  if (!focused || !(focused instanceof HTMLElement)) return;
  const target = focused.matches(FIELDS) ? counterpart(focused as Field, app) : null;
  if (!target) return;
  target.focus({ preventScroll: true });
  if (focused instanceof HTMLInputElement && target instanceof HTMLInputElement && focused.selectionStart !== null) {
    try {
      target.setSelectionRange(focused.selectionStart, focused.selectionEnd, focused.selectionDirection ?? undefined);
    } catch {
      // Inputs without a caret (radio, checkbox) refuse a selection: the focus is what matters there.
    }
  }
}
