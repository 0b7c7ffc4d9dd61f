/**
 * A painted screen (its prerendered HTML) takes keystrokes before its code has taken it over:
 * on a slow phone a person may have typed a whole name by then, and React, hydrating a field
 * whose value it holds as empty, would put the field back to empty. Right before React takes
 * the screen over, the text of each field that differs from what was painted is noted here;
 * each field takes its own once, as soon as it is mounted, as if it had been pasted.
 */
const TEXT_TYPES = new Set(['text', 'email', 'password', 'tel', 'search']);
const typed = new Map<string, string>();

export function noteTypedBeforeTakeover(root: HTMLElement): void {
  for (const input of root.querySelectorAll('input')) {
    if (input.id && TEXT_TYPES.has(input.type) && input.value !== input.defaultValue) typed.set(input.id, input.value);
  }
}

/** What was typed into the field `id` before the takeover (once; undefined when nothing was). */
export function takeTypedBeforeTakeover(id: string): string | undefined {
  const text = typed.get(id);
  typed.delete(id);
  return text;
}
