// @vitest-environment jsdom
/**
 * The wizard's drafts (src/flows/wizard/wizard-persistence.ts, issue 27 item 4): per tab
 * always; on the device only with the holder's opt-in, for 7 days after the last change, one
 * per ANS protocol; deleted by sending, by 'Encerrar sessão', by unchecking, and at boot once
 * expired, each request's alone.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { wizardMachine } from '../../../machines/wizard.machine';
import {
  DEVICE_DRAFT_DAYS,
  clearWizardSnapshot,
  dropExpiredDeviceDrafts,
  loadWizardSnapshot,
  saveWizardSnapshot,
} from '../../../src/flows/wizard/wizard-persistence';
import { draftAttachmentIds } from '../../../src/app/draft-files';
import { LEGACY_DEVICE_DRAFT_KEY, TAB_DRAFT_KEY, deviceDraftKey, dropDraftWithoutSession, storage } from '../../../src/storage';

const TODAY = '2026-01-15';
const DAY_MS = 24 * 60 * 60_000;

function wizardFor(protocoloAns: string, keep: boolean, nome = 'MARIA') {
  const actor = createActor(wizardMachine, { input: { protocoloAns, today: TODAY, form: { nome } } });
  actor.start();
  if (keep) actor.send({ type: 'KEEP_ON_DEVICE_TOGGLED', checked: true });
  return actor;
}

/** A new tab: its own storage is empty, the device's is not. */
const newTab = () => window.sessionStorage.clear();

const KEPT_111 = deviceDraftKey('111');
const keptName = (protocoloAns: string) =>
  (loadWizardSnapshot(protocoloAns, TODAY) as unknown as { context: { form: { nome: string } } } | undefined)?.context.form.nome;

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
    expect(window.localStorage.getItem(KEPT_111)).toBeNull();
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
    dropExpiredDeviceDrafts(saved + DEVICE_DRAFT_DAYS * DAY_MS - 1);
    expect(window.localStorage.getItem(KEPT_111)).not.toBeNull();
    dropExpiredDeviceDrafts(saved + DEVICE_DRAFT_DAYS * DAY_MS);
    expect(window.localStorage.getItem(KEPT_111)).toBeNull();
  });

  it('unchecking, sending and ending the session delete it', () => {
    const actor = wizardFor('111', true);
    saveWizardSnapshot(actor);
    actor.send({ type: 'KEEP_ON_DEVICE_TOGGLED', checked: false });
    saveWizardSnapshot(actor);
    expect(window.localStorage.getItem(KEPT_111)).toBeNull();

    saveWizardSnapshot(wizardFor('111', true));
    clearWizardSnapshot('111');
    expect(window.localStorage.getItem(KEPT_111)).toBeNull();

    saveWizardSnapshot(wizardFor('111', true));
    storage.endSession();
    expect(window.localStorage.getItem(KEPT_111)).toBeNull();
  });
});

describe('a shared phone keeps each person’s draft apart', () => {
  /** Ana kept request 111 on the phone; Bruno then opens his own, 222, in a new tab. */
  function twoPeople() {
    saveWizardSnapshot(wizardFor('111', true, 'ANA'));
    newTab();
    storage.startSession({ protocolo: '222', token: 'free' });
    const bruno = wizardFor('222', true, 'BRUNO');
    saveWizardSnapshot(bruno);
    return bruno;
  }

  it('both are kept, and each tab resumes its own', () => {
    twoPeople();
    newTab();
    expect([keptName('111'), keptName('222')]).toEqual(['ANA', 'BRUNO']);
  });

  it("sending, erasing ('Sair e apagar os dados') or unticking the other's request leaves Ana's draft as it was", () => {
    twoPeople();
    clearWizardSnapshot('222');
    expect(keptName('111')).toBe('ANA');

    twoPeople();
    clearWizardSnapshot('222');
    storage.endSession();
    expect(keptName('111')).toBe('ANA');

    const bruno = twoPeople();
    bruno.send({ type: 'KEEP_ON_DEVICE_TOGGLED', checked: false });
    saveWizardSnapshot(bruno);
    newTab();
    expect([keptName('222'), keptName('111')]).toEqual([undefined, 'ANA']);
  });

  it("leaving another person's tracking ('Encerrar sessão') leaves it too", () => {
    saveWizardSnapshot(wizardFor('111', true, 'ANA'));
    storage.startSession({ protocolo: '20260000000123456789', token: 'a-token' });
    storage.endSession();
    expect(keptName('111')).toBe('ANA');
  });

  it('the files of every kept draft are kept', () => {
    const withFile = (protocoloAns: string, id: string) => {
      const actor = wizardFor(protocoloAns, true);
      const snapshot = actor.getPersistedSnapshot() as unknown as { context: { attachments: unknown[] } };
      snapshot.context.attachments = [{ id, uploaded: false }];
      saveWizardSnapshot({ getSnapshot: () => actor.getSnapshot(), getPersistedSnapshot: () => snapshot as never });
    };
    withFile('111', 'file-ana');
    newTab();
    storage.startSession({ protocolo: '222', token: 'free' });
    withFile('222', 'file-bruno');
    expect(new Set(draftAttachmentIds())).toEqual(new Set(['file-ana', 'file-bruno']));
  });

  it("the single draft an earlier version kept is moved to its request's key at boot, and still resumes", () => {
    const actor = wizardFor('111', true, 'ANA');
    const legacy = JSON.stringify({ expiresAt: Date.now() + DAY_MS, snapshot: actor.getPersistedSnapshot() });
    window.localStorage.setItem(LEGACY_DEVICE_DRAFT_KEY, legacy);
    dropExpiredDeviceDrafts();
    expect(window.localStorage.getItem(LEGACY_DEVICE_DRAFT_KEY)).toBeNull();
    expect(keptName('111')).toBe('ANA');
  });

  it("a draft stored under another request's key is not resumed as this one's", () => {
    saveWizardSnapshot(wizardFor('111', true, 'ANA'));
    window.localStorage.setItem(deviceDraftKey('222'), window.localStorage.getItem(KEPT_111) ?? '');
    newTab();
    expect(keptName('222')).toBeUndefined();
    expect(window.localStorage.getItem(deviceDraftKey('222'))).toBeNull();
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
    expect(window.localStorage.getItem(KEPT_111)).not.toBeNull();
  });

  it("is dropped at boot when the session was already gone (removed by index.html's script)", () => {
    saveWizardSnapshot(wizardFor('111', false));
    for (const key of ['protocolo', 'token', 'sessao']) window.localStorage.removeItem(key);
    dropDraftWithoutSession();
    expect(window.sessionStorage.getItem(TAB_DRAFT_KEY)).toBeNull();
  });
});
