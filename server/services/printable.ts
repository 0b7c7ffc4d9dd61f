/**
 * Text from the database made safe for an analyst's terminal. A name typed with ESC
 * sequences (clear the line, move the cursor, OSC 52 to write the clipboard) or bidi
 * overrides would otherwise rewrite what the back-office CLI shows. Every C0 and C1 control
 * character (U+0000–U+001F, U+007F–U+009F) and every bidi embedding, override or isolate
 * (U+202A–U+202E, U+2066–U+2069) is printed as its `\uXXXX` escape: visible, and in JSON
 * output still the same JSON (`\u001b` is how JSON writes it anyway).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/gu;
/** The same, but a line break stays one: for whole texts the CLI itself split into lines. */
// eslint-disable-next-line no-control-regex -- as above
const UNSAFE_BUT_NEWLINE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/gu;

const escape = (character: string): string => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** One value (a name, an address, an error message): nothing in it can act on the terminal, nor start a new line. */
export function printable(value: string): string {
  return value.replace(UNSAFE, escape);
}

/** A whole output made of lines: each line's content is escaped, the line breaks kept. */
export function printableLines(text: string): string {
  return text.replace(UNSAFE_BUT_NEWLINE, escape);
}
