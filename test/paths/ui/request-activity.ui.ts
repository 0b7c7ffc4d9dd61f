/**
 * The loading overlay in the browser tier. Its events are not user gestures but HTTP
 * attempts (src/api/client.ts: started/finished per attempt; the query client: failed once
 * per request after its retries), so its paths are played by holding, releasing and
 * failing the app's real requests with `page.route`, and reading the overlay.
 */
import { expect, type Page, type Route } from '@playwright/test';
import type { requestActivityMachine } from '../../../machines/request-activity.machine';
import type { Markers } from '../framework/browser';
import type { MachineEventType } from '../framework/types';

type M = typeof requestActivityMachine;

const overlay = (page: Page) => page.getByTestId('loading-overlay');

export const requestActivityMarkers = {
  idle: (page) => ({ attribute: overlay(page), name: 'data-visible', value: 'false' }),
  busy: (page) => ({ attribute: overlay(page), name: 'data-visible', value: 'true' }),
} satisfies Markers<M>;

/** How each event is produced in the page (the "gesture" of a network event). */
export const requestActivityGestures = {
  REQUEST_STARTED: 'the app sends a request (the page loading, a protocol lookup); Playwright holds it',
  REQUEST_FINISHED: 'Playwright lets a held request through to the reference server',
  REQUEST_FAILED: 'Playwright answers a held request, and its 2 retries, with HTTP 500',
} satisfies Record<MachineEventType<M>, string>;

/** Every API request of the page, held until told. */
export class HeldRequests {
  readonly held: Route[] = [];
  private readonly failing = new Map<string, number>();
  holding = true;

  async install(page: Page): Promise<void> {
    await page.route(/\/wslinhafrente\/v1\//, async (route) => {
      // Only the app's API calls count; images the API serves (logo, seal) just load.
      if (route.request().resourceType() !== 'fetch') return route.continue();
      const url = route.request().url();
      const failing = this.failing.get(url) ?? 0;
      if (failing > 0) {
        this.failing.set(url, failing - 1);
        await route.fulfill({ status: 500, body: '' });
      } else if (this.holding) this.held.push(route);
      else await route.continue();
    });
  }

  async waitFor(count: number): Promise<void> {
    await expect.poll(() => this.held.length, { message: `${count} held requests` }).toBeGreaterThanOrEqual(count);
  }

  /** REQUEST_FINISHED: the oldest held request goes to the server. */
  async release(): Promise<void> {
    await this.held.shift()!.continue();
  }

  /** REQUEST_FAILED (after the retries' own started/finished): HTTP 500 three times. */
  async fail(): Promise<void> {
    const route = this.held.shift()!;
    this.failing.set(route.request().url(), 2);
    await route.fulfill({ status: 500, body: '' });
  }
}
