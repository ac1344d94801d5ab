/**
 * An add form opens ready to type (issue 13 item 8): its first field has the focus, and a text
 * already in it (the spec's default name, 'New device') is selected, so that typing replaces it.
 * Runs once, when the form is first shown; a read-only or disabled field is skipped.
 */
import { useEffect, useRef, type RefObject } from 'react';

/** The fields a user fills in: not hidden inputs, not the toggles and checkboxes around them. */
const FIELDS = 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]), select, textarea';

export function focusFirstField(container: HTMLElement): void {
  const first = [...container.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(FIELDS)].find(
    (el) => !el.disabled && !('readOnly' in el && el.readOnly),
  );
  if (!first) return;
  first.focus();
  if (!(first instanceof HTMLSelectElement) && first.value !== '') first.select();
}

export function useFocusFirstField(container: RefObject<HTMLElement | null>, when: boolean): void {
  // Once, as the form opens: later renders must not take the focus back.
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !when || !container.current) return;
    done.current = true;
    focusFirstField(container.current);
  }, [container, when]);
}
