// @vitest-environment jsdom
/**
 * The portal's live region as a browser has it (React Aria waits 100 ms before its first
 * message outside a React test environment): its regions are in the page before anything is
 * said, and messages said one right after the other are added in the order they were said.
 */
import { destroyAnnouncer } from '@react-aria/live-announcer';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

const politeLog = () => document.querySelector('[data-live-announcer] [aria-live="polite"]');
const said = () => [...(politeLog()?.children ?? [])].map((node) => node.textContent).filter((text) => text !== '');

beforeEach(() => {
  destroyAnnouncer();
  vi.resetModules();
  vi.useFakeTimers();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

afterEach(() => {
  vi.useRealTimers();
  delete (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
});

test('the live regions are in the page once a screen that speaks is loaded, before its first message', async () => {
  await import('../../src/ui/announcer');
  expect(politeLog()).not.toBeNull();
  expect(said()).toEqual([]);
});

test('a term opened and at once signed is said in that order: the first message does not come last', async () => {
  const { announce } = await import('../../src/ui/announcer');
  announce('Proposta de Adesão aberto em uma nova aba.');
  announce('Assinatura registrada: Proposta de Adesão.');
  vi.advanceTimersByTime(200);
  expect(said()).toEqual(['Proposta de Adesão aberto em uma nova aba.', 'Assinatura registrada: Proposta de Adesão.']);
});

test('each message leaves the region after a while, so the log does not grow', async () => {
  const { announce } = await import('../../src/ui/announcer');
  announce('Arquivo rg.pdf anexado.');
  vi.advanceTimersByTime(200);
  expect(said()).toEqual(['Arquivo rg.pdf anexado.']);
  vi.advanceTimersByTime(10_000);
  expect(said()).toEqual([]);
});
