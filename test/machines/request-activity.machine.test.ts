import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { requestActivityMachine } from '../../machines/request-activity.machine';

// Its paths (every state and transition, SPEC's rules at each step) are in
// test/paths/request-activity.paths.test.ts; here, the behaviour case by case.
describe('request-activity machine (global loading overlay)', () => {
  it('shows the overlay while any request is pending and hides it when the last one finishes', () => {
    const actor = createActor(requestActivityMachine).start();
    actor.send({ type: 'REQUEST_STARTED' });
    actor.send({ type: 'REQUEST_STARTED' });
    actor.send({ type: 'REQUEST_FINISHED' });
    expect(actor.getSnapshot().value).toBe('busy');
    expect(actor.getSnapshot().context.pending).toBe(1);
    actor.send({ type: 'REQUEST_FINISHED' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.pending).toBe(0);
  });

  it('hides the overlay at once when a request fails for good, even with others pending', () => {
    const actor = createActor(requestActivityMachine).start();
    actor.send({ type: 'REQUEST_STARTED' });
    actor.send({ type: 'REQUEST_STARTED' });
    actor.send({ type: 'REQUEST_FINISHED' }); // the failing request's last attempt ends…
    actor.send({ type: 'REQUEST_FAILED' }); // …then it is reported as failed
    expect(actor.getSnapshot().value).toBe('idle');
    // The other request is still in flight: it keeps its count.
    expect(actor.getSnapshot().context.pending).toBe(1);
  });

  it('a request still in flight after a failure does not hide the overlay of the next one', () => {
    const actor = createActor(requestActivityMachine).start();
    actor.send({ type: 'REQUEST_STARTED' }); // a slow request (e.g. the logo)
    actor.send({ type: 'REQUEST_STARTED' }); // a request that will fail
    actor.send({ type: 'REQUEST_FINISHED' });
    actor.send({ type: 'REQUEST_FAILED' });
    actor.send({ type: 'REQUEST_STARTED' }); // the user's next request
    actor.send({ type: 'REQUEST_FINISHED' }); // the slow one ends late
    expect(actor.getSnapshot().value).toBe('busy');
    actor.send({ type: 'REQUEST_FINISHED' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.pending).toBe(0);
  });

  it('never counts below zero when a late request finishes after a failure reset the count', () => {
    const actor = createActor(requestActivityMachine).start();
    actor.send({ type: 'REQUEST_STARTED' });
    actor.send({ type: 'REQUEST_FAILED' });
    actor.send({ type: 'REQUEST_FINISHED' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.pending).toBe(0);
  });
});
