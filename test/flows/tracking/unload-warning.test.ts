/**
 * The tab's "leave the page?" prompt behind the tracking machine's armUnloadWarning /
 * disarmUnloadWarning: it asks exactly while armed, however often either is called.
 */
import { describe, expect, it } from 'vitest';
import { createUnloadWarning } from '../../../src/flows/tracking/unload-warning';

/** A browser's BeforeUnloadEvent: its returnValue may be written (Node's plain Event's may not). */
class BeforeUnload extends Event {
  constructor(type: string, init: EventInit) {
    super(type, init);
    Object.defineProperty(this, 'returnValue', { value: true, writable: true });
  }
}

/** Whether closing the tab would ask: a cancelable beforeunload, prevented by a listener. */
function closing(target: EventTarget): boolean {
  const event = new BeforeUnload('beforeunload', { cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('unload warning', () => {
  it('asks only while armed; arming twice and disarming twice change nothing more', () => {
    const target = new EventTarget();
    const warning = createUnloadWarning(target as unknown as Window);
    expect(closing(target)).toBe(false);
    warning.arm();
    warning.arm();
    expect(closing(target)).toBe(true);
    warning.disarm();
    expect(closing(target)).toBe(false);
    warning.disarm();
    warning.arm();
    expect(closing(target)).toBe(true);
  });
});
