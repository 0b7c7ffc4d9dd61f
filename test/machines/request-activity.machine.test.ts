import { describe, expect, it } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import { requestActivityMachine } from '../../machines/request-activity.machine';
import { Coverage, expectedValues, generatePaths, runPath } from './support/graph-paths';

type Event = EventFromLogic<typeof requestActivityMachine>;

const events = [
  { type: 'REQUEST_STARTED' },
  { type: 'REQUEST_FINISHED' },
  { type: 'REQUEST_FAILED' },
] as const satisfies readonly Event[];

// The counter is unbounded: the generator sees 0, 1 and "2 or more" pending requests.
const serialize = (s: { value: unknown; context: unknown }) =>
  JSON.stringify({ v: s.value, p: Math.min((s.context as { pending: number }).pending, 2) });

describe('request-activity machine (global loading overlay)', () => {
  const paths = generatePaths(requestActivityMachine, { events, serialize });
  const coverage = new Coverage();

  it.each(paths.map((p) => [p.map((e) => e.type).join(' → '), p] as const))('path %s runs on a real actor as the chart says', async (_, path) => {
    const result = await runPath(requestActivityMachine, path, { coverage });
    expect(result.values).toEqual(expectedValues(requestActivityMachine, path));
  });

  it('the paths reach every state and take every transition', () => {
    expect(paths.length).toBeGreaterThan(0);
    expect(coverage.missing(requestActivityMachine)).toEqual({ states: [], transitions: [] });
  });

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
