/**
 * A path that cancels a photo being prepared (the wizard's step 5, tracking's pending
 * documents) must find the page still preparing it when it clicks 'Cancelar'; left alone, the
 * page prepares a photo in a moment. The iPhone photo is the one whose preparation waits for
 * a download (the HEIC decoder, its own chunk of megabytes, loaded when such a photo is
 * chosen), so in such a path that download is held for each pick the path cancels, and
 * refused (as a dropped link would) once the pick is cancelled. A pick the path does not
 * cancel gets the refusal at once. The decoder thus never loads in such a page, and the
 * browser asks for it again at the next pick; the fixture's iPhone photo is not a real HEIC,
 * so it is refused either way, as in every other path (with the connection's message).
 */
import { expect, type Page, type Route } from '@playwright/test';

/** The decoder's chunk (heic-to), as the build names it. */
const HEIC_DECODER = /\/assets\/heic-to-[^/]+\.js$/;

export const isHeic = (name: string): boolean => /\.hei[cf]$/i.test(name);

interface PathEvent {
  type: string;
  file?: { name: string };
}

/** The flow's event types: the pick of a file, and the cancel of its preparation. */
export interface PhotoEvents {
  pick: string;
  cancel: string;
}

class DecoderHold {
  private holding = false;
  private readonly held: Route[] = [];

  /** One entry per iPhone photo the path picks: whether the next event cancels it. */
  constructor(private readonly plan: boolean[]) {}

  async install(page: Page): Promise<void> {
    await page.route(HEIC_DECODER, (route) => (this.holding ? void this.held.push(route) : route.abort()));
  }

  /** The path picks a file: an iPhone photo it cancels next has its download held. */
  picked(name: string): void {
    if (isHeic(name)) this.holding = this.plan.shift() ?? false;
  }

  /** Waits until the page is held preparing, lets `cancel` click, then refuses the download. */
  async cancel(click: () => Promise<void>): Promise<void> {
    await expect.poll(() => this.held.length, { message: 'the iPhone decoder asked for, and held' }).toBeGreaterThan(0);
    await click();
    this.holding = false;
    await Promise.all(this.held.splice(0).map((route) => route.abort()));
  }
}

const holds = new WeakMap<Page, DecoderHold>();

/** Installs the hold in a page whose path cancels a photo (nothing otherwise). */
export async function holdDecoderFor(page: Page, events: readonly PathEvent[], { pick, cancel }: PhotoEvents): Promise<void> {
  if (!events.some((event) => event.type === cancel)) return;
  const plan = events.flatMap((event, index) =>
    event.type === pick && isHeic(event.file?.name ?? '') ? [events[index + 1]?.type === cancel] : [],
  );
  const hold = new DecoderHold(plan);
  await hold.install(page);
  holds.set(page, hold);
}

export function notePick(page: Page, name: string): void {
  holds.get(page)?.picked(name);
}

/** Clicks 'Cancelar' while the page is held preparing (the path's hold must be installed). */
export async function cancelHeldPreparation(page: Page, click: () => Promise<void>): Promise<void> {
  const hold = holds.get(page);
  if (!hold) throw new Error('a cancel in a path without the decoder held');
  await hold.cancel(click);
}
