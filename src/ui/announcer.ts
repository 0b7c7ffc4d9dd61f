/**
 * The portal's one polite live region: what a screen reader should hear without focus moving
 * (a wizard step reached, a file attached or removed, a choice recorded, a document signed).
 *
 * Built on React Aria's announcer: one visually hidden `role="log"` region added to <body>
 * when a screen that speaks loads (below), each message a new node (so two messages in a row
 * are both read, and the same message twice is read twice), removed after a while. Messages
 * are pt-BR and say what happened, e.g. "Arquivo rg.pdf anexado.".
 */
import { announce as announceWithReactAria } from '@react-aria/live-announcer';

// React Aria makes its regions on the first call and adds that first message 100 ms later,
// so that the regions are in the page before it (a region filled as it is made is not read:
// react-spectrum#5191). A message said within those 100 ms was added at once, before the
// first: a term opened and signed at once was heard as "signed", then "open it and sign".
// Made here, as a screen that speaks loads, the regions are in place before anything is
// said, and every message is added when it is said. The empty message says nothing.
if (typeof document !== 'undefined') announceWithReactAria('', 'polite');

/** Says `message` politely (after what the reader is saying now). Blank messages are ignored. */
export function announce(message: string): void {
  if (message.trim() === '') return;
  announceWithReactAria(message, 'polite');
}

/** Where the browser tests read what was announced. */
export const ANNOUNCER_SELECTOR = '[data-live-announcer] [aria-live="polite"]';
