// @vitest-environment jsdom
/**
 * The wizard's drafts (src/flows/wizard/wizard-persistence.ts, issue 27 item 4): per tab
 * always; on the device only with the holder's opt-in, for 7 days after the last change;
 * deleted by sending, by 'Encerrar sessão', by unchecking, and at boot once expired.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { wizardMachine } from '../../../machines/wizard.machine';
import {
  DEVICE_DRAFT_DAYS,
  clearWizardSnapshot,
  dropExpiredDeviceDraft,
  loadWizardSnapshot,
  saveWizardSnapshot,
} from '../../../src/flows/wizard/wizard-persistence';
import { DEVICE_DRAFT_KEY, TAB_DRAFT_KEY, dropDraftWithoutSession, storage } from '../../../src/storage';

const TODAY = '2026-01-15';
const DAY_MS = 24 * 60 * 60_000;

function wizardFor(protocoloAns: string, keep: boolean) {
  const actor = createActor(wizardMachine, { input: { protocoloAns, today: TODAY, form: { nome: 'MARIA' } } });
  actor.start();
  if (keep) actor.send({ type: 'KEEP_ON_DEVICE_TOGGLED', checked: true });
  return actor;
}

/** A new tab: its own storage is empty, the device's is not. */
const newTab = () => window.sessionStorage.clear();

// The wizard runs under a live session (the route guard's rule).
beforeEach(() => storage.startSession({ protocolo: '111', token: 'free' }));

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('the wizard draft kept on this device', () => {
  it('without the opt-in, a new tab finds nothing', () => {
    saveWizardSnapshot(wizardFor('111', false));
    newTab();
    expect(loadWizardSnapshot('111', TODAY)).toBeUndefined();
    expect(window.localStorage.getItem(DEVICE_DRAFT_KEY)).toBeNull();
  });

  it('with it, a new tab resumes the same protocol, and not another', () => {
    saveWizardSnapshot(wizardFor('111', true));
    newTab();
    expect(loadWizardSnapshot('222', TODAY)).toBeUndefined();
    const resumed = loadWizardSnapshot('111', TODAY) as unknown as { context: { form: { nome: string } } };
    expect(resumed.context.form.nome).toBe('MARIA');
  });

  it(`lives ${DEVICE_DRAFT_DAYS} days after its last change; expired, it is deleted at boot`, () => {
    const saved = Date.now();
    saveWizardSnapshot(wizardFor('111', true), saved);
    dropExpiredDeviceDraft(saved + DEVICE_DRAFT_DAYS * DAY_MS - 1);
    expect(window.localStorage.getItem(DEVICE_DRAFT_KEY)).not.toBeNull();
    dropExpiredDeviceDraft(saved + DEVICE_DRAFT_DAYS * DAY_MS);
    expect(window.localStorage.getItem(DEVICE_DRAFT_KEY)).toBeNull();
  });

  it('unchecking, sending and ending the session delete it', () => {
    const actor = wizardFor('111', true);
    saveWizardSnapshot(actor);
    actor.send({ type: 'KEEP_ON_DEVICE_TOGGLED', checked: false });
    saveWizardSnapshot(actor);
    expect(window.localStorage.getItem(DEVICE_DRAFT_KEY)).toBeNull();

    saveWizardSnapshot(wizardFor('111', true));
    clearWizardSnapshot();
    expect(window.localStorage.getItem(DEVICE_DRAFT_KEY)).toBeNull();

    saveWizardSnapshot(wizardFor('111', true));
    storage.endSession();
    expect(window.localStorage.getItem(DEVICE_DRAFT_KEY)).toBeNull();
  });
});

describe("this tab's draft and the session", () => {
  it('is written only while the session lives', () => {
    storage.endSession();
    saveWizardSnapshot(wizardFor('111', false));
    expect(window.sessionStorage.getItem(TAB_DRAFT_KEY)).toBeNull();
  });

  it("goes with the session's end, whichever way it ends; the draft kept on the device stays", () => {
    saveWizardSnapshot(wizardFor('111', true));
    expect(window.sessionStorage.getItem(TAB_DRAFT_KEY)).not.toBeNull();
    // 31 idle minutes: the next read finds the session ended.
    const then = Date.now() - 31 * 60_000;
    window.localStorage.setItem('sessao', JSON.stringify({ desde: then, ultimaAtividade: then }));
    expect(storage.hasSession()).toBe(false);
    expect(window.sessionStorage.getItem(TAB_DRAFT_KEY)).toBeNull();
    expect(window.localStorage.getItem(DEVICE_DRAFT_KEY)).not.toBeNull();
  });

  it("is dropped at boot when the session was already gone (removed by index.html's script)", () => {
    saveWizardSnapshot(wizardFor('111', false));
    for (const key of ['protocolo', 'token', 'sessao']) window.localStorage.removeItem(key);
    dropDraftWithoutSession();
    expect(window.sessionStorage.getItem(TAB_DRAFT_KEY)).toBeNull();
  });
});
