/**
 * What the page must show, as data: a marker of a state, or the visible side of a rule.
 * Kept apart from Playwright's runner so the rules (read by the unit tier too) only
 * describe checks; the browser tier performs them (`expectOnPage`).
 */
import type { Locator } from '@playwright/test';

export type PageCheck =
  | { visible: Locator }
  | { hidden: Locator }
  | { enabled: Locator }
  | { disabled: Locator }
  | { attribute: Locator; name: string; value: string | RegExp }
  /** A form control's current value (a read-only field still empty, or filled). */
  | { value: Locator; is: string | RegExp }
  /** How many elements match (e.g. rows already sent). */
  | { count: Locator; is: number }
  /** Every check at once: a state told apart by two things the page shows. */
  | { all: readonly PageCheck[] }
  /** A key of the page's localStorage, present or gone (`prefix`: any key that starts with it). */
  | { storage: string; present: boolean; prefix?: boolean }
  /** The state has nothing of its own to show on this screen: say why (the machine's state is still checked). */
  | { none: string };
