/**
 * Browser tier: the same generated paths drive the real portal in Chromium against the
 * reference server (test/e2e/paths-*.spec.ts). For each path:
 *  - the page opens at the path's start, with an observer installed before the app loads
 *    (`window.__PORTABILIDADE_INSPECT__`, passed to every actor by src/app/inspect.ts);
 *  - each user event is one gesture (`gestures`, one per event type of the machine);
 *  - each actor answer is a network request of that actor, held by Playwright
 *    (`page.route`) until the path says how it ends: `done` lets the reference server
 *    answer (the path's data made there beforehand: a request filed and moved by the
 *    backoffice); only an injected failure is fulfilled (an 'ERRO' answer, a tampered
 *    term); `error` answers HTTP 500 to it and to react-query's retries;
 *  - after every step, every active leaf state shows its marker (`markers`, one per leaf);
 *  - coverage is counted from the observer, i.e. from what the machines in the page did.
 */
import { expect, type Page, type Request, type Route } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import { CoverageRecorder, type Exclusion, type Observation } from './coverage';
import { edgesOf } from './edges';
import { violations, type Invariant, type ReceivedEvent, type Step } from './invariants';
import type { PageCheck } from './page-check';
import { labelOf, replay, type MachinePath, type PathModel, type Start } from './model';
import { sharedEdgeSpaces } from './paths-cache';
import type { ActorsOf, LeafStateKey, MachineEvent, MachineEventType, PathEvent } from './types';
import { activeLeafPaths, activeStatePaths } from './universe';

/**
 * How often a lockstep wait looks again. Playwright's default backs off to a look a second,
 * which adds up to a second to every step of every path, for a change that takes milliseconds.
 */
const POLL_INTERVALS = [25, 50, 100];

/** react-query tries a request 1 + 2 times (src/api/query-client.ts RETRIES). */
const ATTEMPTS = 3;
const DONE = /^xstate\.done\.actor\.(.+)$/;
const ERROR = /^xstate\.error\.actor\.(.+)$/;
/** A delayed transition's own event: no gesture, the timer fires in the page by itself. */
const AFTER = /^xstate\.after\./;

/**
 * The marker of a leaf state; it may read the context the machine in the page holds (e.g. a
 * logo only when one loaded, the protocol the server answered).
 */
export type Marker<M extends AnyStateMachine> = (page: Page, context: ReturnType<M['getInitialSnapshot']>['context']) => PageCheck;

export type Gestures<M extends AnyStateMachine> = {
  readonly [K in MachineEventType<M>]: (page: Page, event: Extract<MachineEvent<M>, { type: K }>) => Promise<void>;
};
export type Markers<M extends AnyStateMachine> = { readonly [K in LeafStateKey<M>]: Marker<M> };

type ActorSrc<M extends AnyStateMachine> = ActorsOf<M>['src'];
export type Fulfil = {
  status?: number;
  contentType?: string;
  body: string;
  /** The server gets the request and does it first (as if another tab had sent the same): only the page's answer is this one. */
  serverDoesIt?: boolean;
};

export interface NetworkActor<M extends AnyStateMachine> {
  /** The requests this actor makes (matched against the full URL). */
  url: RegExp;
  local?: never;
  /**
   * How a `done` answer is produced: 'server' (default), or, only to inject a failure the
   * server does not give on its own ('ERRO', a tampered term), a fulfilled response.
   */
  done?: (event: PathEvent<M>, request: Request) => 'server' | Fulfil | Promise<'server' | Fulfil>;
  /**
   * How an `error` answer is produced: HTTP 500 to it and its retries (default), 'server' for
   * a refusal the reference server gives on its own (its data made so beforehand, e.g. a
   * request already open for the same CPF and ANS protocol: 409), or 'lost': the server gets
   * the request and does it, and its answer never reaches the page (500 instead, and to the
   * retries), or a fulfilled refusal the page does not retry (a 429 with the server's message,
   * which the reference server gives only after many calls). `request` is the page's request,
   * for an actor whose world depends on what it sent.
   */
  error?: (event: PathEvent<M>, request: Request) => 'server' | 'fail' | 'lost' | Fulfil;
}
/**
 * An actor that makes no request: it runs in the page and answers by itself (e.g. a photo
 * shrunk in a worker). Its state may be left before the page is looked at, so it counts once
 * the machine was in it during the step; its answer is awaited, never given.
 */
export interface LocalActor {
  /** Why it cannot be held, for the reader. */
  local: string;
}
export type Network<M extends AnyStateMachine> = { readonly [K in ActorSrc<M>]: NetworkActor<M> | LocalActor };

const isLocal = (actor: NetworkActor<AnyStateMachine> | LocalActor | undefined): actor is LocalActor => typeof actor?.local === 'string';

export interface BrowserModel<M extends AnyStateMachine> {
  model: PathModel<M>;
  /** Opens the page where a path starts (storage to preset, URL); it may read the whole path. */
  open: (page: Page, start: Start<M>, path: MachinePath<M>) => Promise<void>;
  gestures: Gestures<M>;
  markers: Markers<M>;
  network: Network<M>;
  /**
   * Actors that start with the page and run beside the flow (e.g. tooltips): their answers
   * are moved to the front of every path, since in the browser they arrive while the page
   * loads, before the user can act (the loading overlay covers the screen meanwhile).
   */
  background?: readonly ActorSrc<M>[];
  /** Left out of the browser tier on purpose, with the reason (printed by the report). */
  excluded?: readonly Exclusion[];
  /**
   * A user event that leaves a state while its request is still out (e.g. leaving the screen
   * while it loads), or another request's answer that does (one read's failure ends the
   * reads running beside it), abandons that request: hold it too, so the path really leaves
   * from that state, not from wherever the unheld answer would have taken it. Off by
   * default: some flows let such requests finish in the background on purpose.
   */
  holdAbandoned?: boolean;
  /**
   * The paths to play, when the model's own generator does not fit (a machine explored per
   * region, with what a user can do on the screen): default `generatePaths(model)`.
   */
  paths?: () => MachinePath<M>[];
}

/** Reorders background answers first and recomputes what each step should reach. */
export function browserPath<M extends AnyStateMachine>(bm: BrowserModel<M>, path: MachinePath<M>): MachinePath<M> {
  const background = new Set<string>(bm.background ?? []);
  const isBackground = (e: PathEvent<M>) => {
    const m = DONE.exec(e.type) ?? ERROR.exec(e.type);
    return Boolean(m && background.has(m[1]!));
  };
  const events = [...path.events.filter(isBackground), ...path.events.filter((e) => !isBackground(e))];
  return replay(bm.model, path.name, path.kind, path.start, events);
}

/**
 * The browser tier keeps the fewest pages that still cover everything: journeys first (in
 * their order), then the longest generated paths; a path stays only if it takes a
 * transition or reaches a state no kept path does (prefixes and repeats fall away).
 * Coverage is still counted from what the page did, not from this choice.
 */
export function coveringPaths<M extends AnyStateMachine>(paths: MachinePath<M>[]): MachinePath<M>[] {
  const ordered = [
    ...paths.filter((p) => p.kind === 'journey'),
    ...paths.filter((p) => p.kind !== 'journey').sort((a, b) => b.events.length - a.events.length),
  ];
  const seen = new Set<string>();
  const items = (p: MachinePath<M>) => [
    ...p.transitions.flat(),
    ...[p.initial, ...p.expected].flatMap((value) => activeStatePaths(value).map((s) => `state:${s}`)),
  ];
  return ordered.filter((path) => {
    const fresh = items(path).filter((item) => !seen.has(item));
    fresh.forEach((item) => seen.add(item));
    return fresh.length > 0;
  });
}

/* ----------------------------------------------------------------- observer in the page */

/** What the observer in the page logs: a snapshot (value, context, transitions taken) or a trace entry. */
type PageLogEntry = { m: string; v?: unknown; c?: unknown; t?: string[]; e?: string; d?: unknown };

/** Runs in the page before the app: records machine snapshots, the transitions taken and the trace. */
export function installObserver(): void {
  type Node = { path: string[]; transitions: Map<string, unknown[]>; always?: unknown[] };
  type Transition = { source: Node; eventType: string };
  const log: PageLogEntry[] = [];
  // A plain copy of the context (what a rule reads), or nothing if it cannot be copied.
  const plain = (value: unknown) => {
    try {
      return JSON.parse(JSON.stringify(value ?? null)) as unknown;
    } catch {
      return undefined;
    }
  };
  (window as unknown as { __pathsLog: typeof log }).__pathsLog = log;
  const key = (t: Transition) => {
    const list = t.eventType ? t.source.transitions.get(t.eventType) : t.source.always;
    const index = Math.max(0, list ? list.indexOf(t) : 0);
    return `${t.source.path.join('.')}|${t.eventType || '(always)'}|${index}`;
  };
  (window as unknown as { __PORTABILIDADE_INSPECT__: (e: unknown) => void }).__PORTABILIDADE_INSPECT__ = (raw) => {
    const event = raw as {
      type: string;
      actorRef?: { logic?: { id?: unknown; root?: unknown } };
      snapshot?: { value?: unknown; context?: unknown };
      _transitions?: Transition[];
      event?: { type: string };
      action?: { type: string };
    };
    const logic = event.actorRef?.logic;
    if (!logic || typeof logic.id !== 'string' || !logic.root) return;
    const m = logic.id;
    if (event.type === '@xstate.microstep')
      log.push({ m, v: event.snapshot?.value, c: plain(event.snapshot?.context), t: (event._transitions ?? []).map(key) });
    else if (event.type === '@xstate.snapshot') log.push({ m, v: event.snapshot?.value, c: plain(event.snapshot?.context), t: [] });
    // The trace the rules read (framework/invariants.ts traceEntry, repeated here: this runs in the page).
    else if (event.type === '@xstate.event' && event.event) log.push({ m, e: `event:${event.event.type}`, d: plain(event.event) });
    else if (event.type === '@xstate.action' && event.action && !event.action.type.startsWith('xstate.'))
      log.push({ m, e: `action:${event.action.type}` });
  };
}

/** Coverage of every machine seen in the page, written per path. */
export class BrowserCoverage {
  private readonly recorders = new Map<string, CoverageRecorder>();
  /** The last state value each machine reported in the page. */
  readonly last = new Map<string, string>();
  /** The last state value and context each machine reported, and its trace (for the rules). */
  readonly lastSnapshot = new Map<string, { value: unknown; context: unknown }>();
  readonly traces = new Map<string, string[]>();
  /** The events each machine received, with their data (a plain copy), for the rules. */
  readonly received = new Map<string, ReceivedEvent[]>();
  /** The step each machine was last judged at. */
  private readonly previous = new Map<string, { snapshot: Step<AnyStateMachine>['snapshot']; events: number }>();
  /** Transitions (`machineId|key`) seen since `newStep()`. */
  readonly stepTaken = new Set<string>();
  /** State values (`machineId|value`) each machine reported since `newStep()`. */
  readonly stepValues = new Set<string>();

  newStep(): void {
    this.stepTaken.clear();
    this.stepValues.clear();
  }

  private readonly judged: ReadonlyArray<{ machine: AnyStateMachine; invariants: readonly Invariant<AnyStateMachine>[] }>;

  constructor(
    machines: ReadonlyArray<{
      machine: AnyStateMachine;
      excluded?: readonly Exclusion[];
      invariants?: readonly Invariant<AnyStateMachine>[];
    }>,
    /** The path's own model: its abstract graph's edges are counted as its steps are seen in the page. */
    own?: PathModel<AnyStateMachine>,
  ) {
    for (const { machine, excluded, invariants } of machines) {
      // The model's edges as this run's cache has them: exploring them again in every worker cost 13–30 s.
      const spaces = own && own.machine === machine ? sharedEdgeSpaces(own) : [];
      this.recorders.set(machine.id, new CoverageRecorder(machine, excluded, invariants?.length, spaces));
    }
    this.judged = machines.filter((m) => m.invariants?.length).map((m) => ({ machine: m.machine, invariants: m.invariants! }));
  }

  /**
   * The rules of every machine in the page, on the snapshot and trace it last reported (all
   * from one drain, so they agree); for the path's own machine, also what the page shows.
   */
  async judge(page: Page, own: string, where: string): Promise<void> {
    await this.drain(page);
    for (const { machine, invariants } of this.judged) {
      const last = this.lastSnapshot.get(machine.id);
      if (!last) continue;
      const events = [...(this.received.get(machine.id) ?? [])];
      // A new visit (a new actor) starts afresh: the step before belongs to the old one.
      const before = this.previous.get(machine.id);
      const step: Step<AnyStateMachine> = {
        snapshot: machine.resolveState({ value: last.value as never, context: last.context as never }),
        trace: this.traces.get(machine.id) ?? [],
        events,
        previous: before && before.events <= events.length ? before : undefined,
      };
      this.previous.set(machine.id, { snapshot: step.snapshot, events: events.length });
      const broken = violations(invariants, step);
      this.recorder(machine.id)!.checkedSteps += 1;
      if (broken.length)
        throw new Error(`${where}: the ${machine.id} machine in the page: ${broken.join('; ')} (trace: ${step.trace.join(' → ')})`);
      if (machine.id !== own) continue;
      for (const invariant of invariants) {
        const check = invariant.seen?.(page, step);
        if (check) await expectOnPage(page, check, `${where}: what the page shows of "${invariant.rule}"`);
      }
    }
  }

  recorder(machineId: string): CoverageRecorder | undefined {
    return this.recorders.get(machineId);
  }

  async drain(page: Page): Promise<void> {
    const entries = await page
      .evaluate(() => {
        const log = (window as unknown as { __pathsLog?: PageLogEntry[] }).__pathsLog;
        return log ? log.splice(0) : [];
      })
      .catch(() => [] as PageLogEntry[]);
    for (const entry of entries) {
      if (entry.e !== undefined) {
        // A new actor of the machine (a new visit of its screen) starts a new trace.
        if (entry.e === 'event:xstate.init') {
          this.traces.set(entry.m, []);
          this.received.set(entry.m, []);
          this.previous.delete(entry.m);
        }
        (this.traces.get(entry.m) ?? this.traces.set(entry.m, []).get(entry.m)!).push(entry.e);
        if (entry.d && typeof entry.d === 'object')
          (this.received.get(entry.m) ?? this.received.set(entry.m, []).get(entry.m)!).push(entry.d as ReceivedEvent);
        continue;
      }
      this.lastSnapshot.set(entry.m, { value: entry.v, context: entry.c });
      entry.t ??= [];
      const observation: Observation = { machineId: entry.m, states: activeStatePaths(entry.v), transitions: entry.t };
      this.last.set(entry.m, JSON.stringify(entry.v));
      this.stepValues.add(`${entry.m}|${JSON.stringify(entry.v)}`);
      for (const t of entry.t) this.stepTaken.add(`${entry.m}|${t}`);
      this.recorders.get(entry.m)?.add(observation);
    }
  }

  /** Writes one file per machine that did anything; the report unites them. */
  write(part: string): void {
    for (const recorder of this.recorders.values()) {
      if (recorder.reachedStates.size || recorder.takenTransitions.size) recorder.write('browser', part);
    }
  }
}

/* ----------------------------------------------------------------- the network */

/** The actors invoked by the state nodes active in a state value (root included). */
function invokedIn(machine: AnyStateMachine, value: unknown): Set<string> {
  const srcs = new Set<string>();
  const add = (node: { invoke?: Array<{ src: unknown }> } | undefined) => {
    for (const inv of node?.invoke ?? []) if (typeof inv.src === 'string') srcs.add(inv.src);
  };
  add(machine.root);
  for (const path of activeStatePaths(value)) {
    type Node = { states?: Record<string, Node>; invoke?: Array<{ src: unknown }> };
    let node: Node | undefined = machine.root as unknown as Node;
    for (const key of path.split('.')) node = node?.states?.[key];
    add(node);
  }
  return srcs;
}

class HeldNetwork<M extends AnyStateMachine> {
  private readonly held = new Map<string, Route[]>();
  private readonly toHold = new Map<string, number>();
  private readonly failing = new Map<string, number>();
  /**
   * Only requests of actors invoked by the state the path is in (or about to enter) are
   * held; another part of the app calling the same URL (e.g. the branding's operator name
   * and the tracking's) goes through.
   */
  armed = new Set<string>();

  constructor(
    private readonly bm: BrowserModel<M>,
    path: MachinePath<M>,
  ) {
    for (const event of path.events) {
      const m = DONE.exec(event.type) ?? ERROR.exec(event.type);
      if (m) this.toHold.set(m[1]!, (this.toHold.get(m[1]!) ?? 0) + 1);
    }
    // The path ends in a state waiting for answers: hold them so the state stays, from the
    // start, since they may be asked steps before (the screen's reads start together, and the
    // reference server answers them at once).
    const last = path.expected.length ? path.expected[path.expected.length - 1] : path.initial;
    for (const src of invokedIn(bm.model.machine, last)) {
      if (this.holds(src)) this.toHold.set(src, (this.toHold.get(src) ?? 0) + 1);
    }
    if (!bm.holdAbandoned) return;
    const values = [path.initial, ...path.expected];
    path.events.forEach((event, index) => {
      if (AFTER.test(event.type)) return;
      // An answer's own request is counted above; the others it ends are abandoned.
      const answered = (DONE.exec(event.type) ?? ERROR.exec(event.type))?.[1];
      const still = invokedIn(bm.model.machine, values[index + 1]);
      for (const src of invokedIn(bm.model.machine, values[index])) {
        if (src !== answered && !still.has(src) && this.holds(src)) this.toHold.set(src, (this.toHold.get(src) ?? 0) + 1);
      }
    });
  }

  /** Whether this actor's requests are held (a local actor makes none). */
  private holds(src: string): boolean {
    const actor = (this.bm.network as Record<string, NetworkActor<M> | LocalActor | undefined>)[src];
    return actor !== undefined && !isLocal(actor);
  }

  async install(page: Page): Promise<void> {
    for (const [src, actor] of Object.entries(this.bm.network) as Array<[string, NetworkActor<M> | LocalActor]>) {
      if (isLocal(actor)) continue;
      await page.route(actor.url, async (route) => {
        // The app's calls: fetch, and XMLHttpRequest for uploads (their progress).
        if (!['fetch', 'xhr'].includes(route.request().resourceType())) return route.continue();
        const failing = this.failing.get(src) ?? 0;
        if (failing > 0) {
          this.failing.set(src, failing - 1);
          await route.fulfill({ status: 500, body: '' });
          return;
        }
        const remaining = this.toHold.get(src) ?? 0;
        if (remaining > 0 && this.armed.has(src)) {
          this.toHold.set(src, remaining - 1);
          const queue = this.held.get(src) ?? [];
          queue.push(route);
          this.held.set(src, queue);
          return;
        }
        await route.continue();
      });
    }
  }

  /** Ends the oldest held request of `src` as the path step says. */
  async answer(page: Page, event: PathEvent<M>): Promise<void> {
    const done = DONE.exec(event.type);
    const src = (done ?? ERROR.exec(event.type))![1]!;
    // It answers by itself in the page; reaching its state is the proof.
    if (!this.holds(src)) return;
    await expect
      .poll(() => this.held.get(src)?.length ?? 0, { message: `a request of ${src} to answer`, timeout: 15_000, intervals: POLL_INTERVALS })
      .toBeGreaterThan(0);
    const route = this.held.get(src)!.shift()!;
    if (done) {
      const how = (await (this.bm.network[src as ActorSrc<M>] as NetworkActor<M>).done?.(event, route.request())) ?? 'server';
      if (how === 'server') await route.continue();
      else {
        if (how.serverDoesIt) await route.fetch();
        await route.fulfill({ status: how.status ?? 200, contentType: how.contentType ?? 'application/json', body: how.body });
      }
    } else {
      const how = (this.bm.network[src as ActorSrc<M>] as NetworkActor<M>).error?.(event, route.request()) ?? 'fail';
      if (how === 'server') {
        await route.continue();
        return;
      }
      if (typeof how === 'object') {
        await route.fulfill({ status: how.status ?? 500, contentType: how.contentType ?? 'application/json', body: how.body });
        return;
      }
      // Lost: done on the server; what the page gets is the failure.
      if (how === 'lost') await route.fetch();
      this.failing.set(src, ATTEMPTS - 1);
      await route.fulfill({ status: 500, body: '' });
    }
    void page;
  }
}

/* ----------------------------------------------------------------- one path */

/**
 * Waits until the machine in the page is in the state the path expects (lockstep). With
 * `passing`, a state the page's own timer leaves next (a 400 ms pause) counts once the
 * machine has been in it during this step, even if the timer has already fired.
 */
export async function reach(page: Page, id: string, coverage: BrowserCoverage, value: unknown, where: string, passing = false) {
  const expected = JSON.stringify(value);
  await expect
    .poll(
      async () => {
        await coverage.drain(page);
        return passing && coverage.stepValues.has(`${id}|${expected}`) ? expected : coverage.last.get(id);
      },
      { message: `${where}: the ${id} machine in the page should be in ${expected}`, timeout: 15_000, intervals: POLL_INTERVALS },
    )
    .toBe(expected);
}

export async function checkMarkers<M extends AnyStateMachine>(
  page: Page,
  markers: Markers<M>,
  value: unknown,
  context: unknown,
  where: string,
) {
  for (const leaf of activeLeafPaths(value)) {
    const marker = (markers as Record<string, Marker<M> | undefined>)[leaf];
    if (!marker) throw new Error(`${where}: no marker for state ${leaf}`);
    await expectOnPage(page, marker(page, context as never), `${where}: marker of ${leaf}`);
  }
}

/** Performs one page check (a marker, or the visible side of a rule). */
export async function expectOnPage(page: Page, check: PageCheck, message: string): Promise<void> {
  if ('visible' in check) await expect(check.visible.first(), message).toBeVisible();
  else if ('hidden' in check) await expect(check.hidden, message).toHaveCount(0);
  else if ('enabled' in check) await expect(check.enabled.first(), message).toBeEnabled();
  else if ('disabled' in check) await expect(check.disabled.first(), message).toBeDisabled();
  else if ('storage' in check) {
    await expect
      .poll(
        () =>
          page.evaluate(
            ({ key, prefix }) =>
              prefix ? Object.keys(window.localStorage).some((held) => held.startsWith(key)) : window.localStorage.getItem(key) !== null,
            { key: check.storage, prefix: check.prefix ?? false },
          ),
        { message },
      )
      .toBe(check.present);
  } else if ('none' in check) return;
  else if ('attribute' in check) await expect(check.attribute.first(), message).toHaveAttribute(check.name, check.value);
  else if ('value' in check) await expect(check.value.first(), message).toHaveValue(check.is);
  else if ('count' in check) await expect(check.count, message).toHaveCount(check.is);
  else for (const part of check.all) await expectOnPage(page, part, message);
}

/**
 * The context markers read: the one the machine in the page reports (same state as the
 * path's, but with the reference server's data: its protocol, its terms), else the path's.
 */
function pageContext<M extends AnyStateMachine>(coverage: BrowserCoverage, bm: BrowserModel<M>, expected: unknown): unknown {
  return coverage.lastSnapshot.get(bm.model.machine.id)?.context ?? expected;
}

export async function runBrowserPath<M extends AnyStateMachine>(
  page: Page,
  bm: BrowserModel<M>,
  path: MachinePath<M>,
  coverage: BrowserCoverage,
): Promise<void> {
  const network = new HeldNetwork(bm, path);
  const opened = Date.now();
  await page.addInitScript(installObserver);
  await network.install(page);
  if (process.env.PATHS_DEBUG) console.log(`${Date.now() - opened} ms routes`);
  await bm.open(page, path.start, path);
  if (process.env.PATHS_DEBUG) console.log(`${Date.now() - opened} ms open`);
  const recorder = coverage.recorder(bm.model.machine.id);
  network.armed = invokedIn(bm.model.machine, path.initial);
  try {
    const start = `${bm.model.flow}: "${path.name}" start`;
    await reach(page, bm.model.machine.id, coverage, path.initial, start);
    await checkMarkers(page, bm.markers, path.initial, pageContext(coverage, bm, path.contexts[0]), start);
    await coverage.judge(page, bm.model.machine.id, start);
    const debug = process.env.PATHS_DEBUG ? (label: string, t0: number) => console.log(`${Date.now() - t0} ms ${label}`) : () => {};
    for (const [index, event] of path.events.entries()) {
      const t0 = Date.now();
      network.armed = new Set([
        ...invokedIn(bm.model.machine, index ? path.expected[index - 1] : path.initial),
        ...invokedIn(bm.model.machine, path.expected[index]),
      ]);
      // A timer comes next: it fires by itself, maybe before that step begins; its state's requests are held already.
      if (AFTER.test(path.events[index + 1]?.type ?? ''))
        for (const src of invokedIn(bm.model.machine, path.expected[index + 1])) network.armed.add(src);
      const where = `${bm.model.flow}: "${path.name}" step ${index + 1} (${event.type})`;
      await coverage.drain(page);
      coverage.newStep();
      if (DONE.test(event.type) || ERROR.test(event.type)) await network.answer(page, event);
      else if (AFTER.test(event.type)) {
        /* the page's own timer */
      } else {
        const gesture = (bm.gestures as Record<string, (p: Page, e: PathEvent<M>) => Promise<void>>)[event.type];
        if (!gesture) throw new Error(`${where}: no gesture`);
        await gesture(page, event);
      }
      debug(`${event.type} acted`, t0);
      const leavesByItself = [...invokedIn(bm.model.machine, path.expected[index])].some((src) =>
        isLocal((bm.network as Record<string, NetworkActor<M> | LocalActor | undefined>)[src]),
      );
      await reach(
        page,
        bm.model.machine.id,
        coverage,
        path.expected[index],
        where,
        leavesByItself || AFTER.test(path.events[index + 1]?.type ?? ''),
      );
      // A step that keeps the state (an answer that only stores data, a file listed or refused)
      // is awaited by its transitions: reaching the same state proves nothing, and the markers
      // read the page's last context. A file is listed only once the tab has stored it, so at
      // load 10 the markers twice read the context before the pick and waited for an alert the
      // pick then cleared.
      const before = JSON.stringify(index ? path.expected[index - 1] : path.initial);
      if (before === JSON.stringify(path.expected[index])) {
        const id = bm.model.machine.id;
        await expect
          .poll(
            async () => {
              await coverage.drain(page);
              return path.transitions[index]!.filter((key) => !coverage.stepTaken.has(`${id}|${key}`));
            },
            {
              message: `${where}: the ${id} machine in the page should take ${path.transitions[index]!.join(', ')}`,
              timeout: 15_000,
              intervals: POLL_INTERVALS,
            },
          )
          .toEqual([]);
      }
      debug(`${event.type} reached`, t0);
      try {
        await checkMarkers(page, bm.markers, path.expected[index], pageContext(coverage, bm, path.contexts[index + 1]), where);
      } catch (error) {
        // A state its own actor leaves (a photo shrunk in a worker) may be left between two of
        // its markers' checks: what the page shows then belongs to the next state. A marker that
        // fails while the page is still in the state is a failure.
        await coverage.drain(page);
        if (!leavesByItself || coverage.last.get(bm.model.machine.id) === JSON.stringify(path.expected[index])) throw error;
      }
      await coverage.judge(page, bm.model.machine.id, where);
      // The step happened in the page, in lockstep: its abstract edge counts for this tier.
      if (recorder?.spaces.length)
        recorder.addEdges(
          edgesOf(
            recorder.spaces,
            { value: index ? path.expected[index - 1] : path.initial, context: path.contexts[index] },
            labelOf(bm.model)(event),
          ),
        );
      debug(`${event.type} marked`, t0);
    }
  } finally {
    await coverage.drain(page);
    if (recorder) recorder.paths += 1;
  }
}
