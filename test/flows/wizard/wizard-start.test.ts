// @vitest-environment jsdom
/**
 * Which draft the wizard opens (src/flows/wizard/wizard-flow.tsx `readWizardStart`), on a shared
 * phone: a new request's session outlives its tab by up to 30 idle minutes, and names a
 * protocol whose draft may be kept on the device. Only a tab that typed that protocol opens it
 * (found by a regression walk: the next person opened the last one's draft from history).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { wizardMachine } from '../../../machines/wizard.machine';
import { saveWizardSnapshot } from '../../../src/flows/wizard/wizard-persistence';
import { readWizardStart } from '../../../src/flows/wizard/wizard-flow';
import { deviceDraftKey, storage } from '../../../src/storage';

const ANA = '11122233344455566677';
const BRUNO = '99988877766655544433';

/** Ana types her protocol on home, fills in her name and keeps the draft on the phone. */
function anaKeepsHerDraft() {
  storage.startSession({ protocolo: ANA, token: 'free' });
  const actor = createActor(wizardMachine, { input: { protocoloAns: ANA, today: '2026-01-15', form: { nome: 'ANA' } } });
  actor.start();
  actor.send({ type: 'KEEP_ON_DEVICE_TOGGLED', checked: true });
  saveWizardSnapshot(actor);
}

/** The tab closes: its own storage goes, the device's stays (her session too, for 30 idle minutes). */
const closeTab = () => window.sessionStorage.clear();

const nameIn = (start: ReturnType<typeof readWizardStart>) =>
  (start.snapshot as unknown as { context: { form: { nome: string } } } | undefined)?.context.form.nome;

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('a draft kept on the device opens only in a tab that typed its protocol', () => {
  it('the same tab, reloaded, opens it', () => {
    anaKeepsHerDraft();
    const start = readWizardStart();
    expect([start.goHome, nameIn(start)]).toEqual([null, 'ANA']);
  });

  it("a new tab opened on the wizard's address gets home asking for the ANS protocol, and the draft stays kept", () => {
    anaKeepsHerDraft();
    closeTab();
    const start = readWizardStart();
    expect(start.goHome).toBe('new');
    expect(start.snapshot).toBeUndefined();
    expect(start.input.protocoloAns).toBe('');
    expect(storage.homeModePreset()).toBe('new');
    expect(window.localStorage.getItem(deviceDraftKey(ANA))).not.toBeNull();
  });

  it('once the protocol is typed again in the new tab, the draft opens', () => {
    anaKeepsHerDraft();
    closeTab();
    storage.startSession({ protocolo: ANA, token: 'free' });
    const start = readWizardStart();
    expect([start.goHome, start.input.protocoloAns, nameIn(start)]).toEqual([null, ANA, 'ANA']);
  });

  it('a tab that typed another protocol opens its own request, not the kept one', () => {
    anaKeepsHerDraft();
    closeTab();
    storage.startSession({ protocolo: BRUNO, token: 'free' });
    const start = readWizardStart();
    expect([start.goHome, start.input.protocoloAns, nameIn(start)]).toEqual([null, BRUNO, undefined]);
  });

  it("the way out of tracking in another tab (its session left by Ana's closed tab) leaves her draft kept", () => {
    anaKeepsHerDraft();
    closeTab();
    storage.endSession();
    expect(window.localStorage.getItem(deviceDraftKey(ANA))).not.toBeNull();
    // Her own tab's 'Encerrar sessão' still forgets it (issue 27 item 4).
    anaKeepsHerDraft();
    storage.endSession();
    expect(window.localStorage.getItem(deviceDraftKey(ANA))).toBeNull();
  });

  it("a second request started in another tab: this tab's own draft still opens on a reload, under its own protocol", () => {
    anaKeepsHerDraft();
    // Another tab (its own storage) types Bruno's protocol: the shared slot now names his request.
    const anasTab = window.sessionStorage.getItem('portabilidade.sessaoDaAba');
    storage.startSession({ protocolo: BRUNO, token: 'free' });
    window.sessionStorage.setItem('portabilidade.sessaoDaAba', anasTab!);
    const start = readWizardStart();
    expect([start.goHome, start.input.protocoloAns, nameIn(start)]).toEqual([null, ANA, 'ANA']);
    expect(storage.sessionIsFor(ANA)).toBe(false);
    expect(storage.sessionIsFor(BRUNO)).toBe(true);
  });

  it("a request being followed in another tab still sends this one home (in home's own mode)", () => {
    storage.startSession({ protocolo: '20260000000123456789', token: 'an.issued.token' });
    closeTab();
    expect(readWizardStart().goHome).toBe('home');
    expect(storage.homeModePreset()).toBe('home');
  });
});
