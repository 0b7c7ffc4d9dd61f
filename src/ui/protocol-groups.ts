/**
 * A protocol shown for reading (issue 27 item 7): its digits in groups of four, as a person
 * reads them aloud or copies them by hand; what is copied keeps the digits only.
 */
import type { ClipboardEvent } from 'react';

export function groupInFours(digits: string): string {
  return digits.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** A selection copied from a grouped protocol goes to the clipboard without the spaces. */
export function copyDigitsOnly(event: ClipboardEvent<HTMLElement>): void {
  const selected = window.getSelection()?.toString() ?? '';
  event.preventDefault();
  event.clipboardData.setData('text/plain', selected.replace(/\s/g, ''));
}
