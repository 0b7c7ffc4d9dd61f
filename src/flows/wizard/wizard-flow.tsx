/**
 * Starts the wizard for the stored ANS protocol, restoring this tab's snapshot (and the files
 * kept for it) after a reload, and saving the snapshot on every change.
 *
 * Three steps, so the form is there on the very first render (and in the prerendered page):
 * what to start from is read once from storage; the files a restored draft needs are read
 * back from IndexedDB (at once when there are none); then the machine runs, under
 * `WizardFlow`, the one way its views reach it (`WizardActorContext`, DESIGN §2).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createActor, type ActorRefFrom, type Snapshot } from 'xstate';
import { useLocation } from 'wouter';
import { DEFAULT_CD_EMPRESA_PLANO, FREE_TOKEN } from '../../../contract/api';
import { brasiliaDayOf } from '../../../contract/rules';
import { wizardMachine } from '../../../machines/wizard.machine';
import { STEPS, type WizardInput } from '../../../machines/wizard.types';
import { inspectOption } from '../../app/inspect';
import { PRERENDERED_SESSION } from '../../app/shells';
import { storage } from '../../storage';
import { draftAttachmentIds } from '../../app/draft-files';
import { fileRegistry } from './file-registry';
import { createWizardLogic, type WizardLogic } from './wizard-actors';
import { WizardActorContext, useWizardActorRef } from './wizard-context';
import { repairWizardDraft, type DraftRevision } from './draft-repair';
import { DRAFT_ELSEWHERE_MESSAGE, watchDraftElsewhere } from './draft-elsewhere';
import { notify } from '../../app/notify';
import { attachmentIdsOf, clearWizardSnapshot, loadWizardSnapshot, saveWizardSnapshot, tabDraftProtocol } from './wizard-persistence';

export type WizardActor = ActorRefFrom<WizardLogic>;

export interface WizardStart {
  input: WizardInput;
  /** This tab's draft of the same protocol, when there is one this version can read. */
  snapshot: Snapshot<unknown> | undefined;
  /** The files that draft had attached. */
  attachmentIds: string[];
  /** What the draft, made to fit this version, asks the person to look at again (draft-repair.ts). */
  revise: DraftRevision | null;
  /** A draft was found that could not be read: the wizard starts over, and says so. */
  unreadable: boolean;
  /**
   * Where the wizard does not open, and home does instead: 'home' when the session names a
   * request being followed (another tab's, or this one's once filed) and this tab has no draft
   * of its own; 'new' (home asking for the ANS protocol) when the new request's session was
   * started in another tab, so its draft (kept on this device, perhaps) opens only once its
   * protocol is typed here. Null: the wizard opens.
   */
  goHome: 'home' | 'new' | null;
}

function isReadable(input: WizardInput, snapshot: Snapshot<unknown>): boolean {
  try {
    return createActor(wizardMachine, { input, snapshot }).getSnapshot().status === 'active';
  } catch {
    return false;
  }
}

/**
 * Whether home opens instead of the wizard (WizardStart.goHome), and the ANS protocol of the
 * draft this tab may open otherwise.
 */
function whoseRequest(): { goHome: WizardStart['goHome']; protocoloAns: string } {
  // The session's slot is shared by the tabs: another tab following a request (an issued token,
  // where a new request has 'free') left that request's protocol there. This tab's draft keeps
  // the ANS protocol it was started with (found by an exploratory run: a reload lost the draft
  // and offered the tracked protocol as the ANS one).
  const token = storage.get('token');
  const sessionProtocol = storage.get('protocolo') ?? '';
  const ownProtocol = tabDraftProtocol();
  // The prerender's stand-in session is no request being followed.
  if (token !== null && token !== FREE_TOKEN && token !== PRERENDERED_SESSION.token)
    return ownProtocol === null ? { goHome: 'home', protocoloAns: '' } : { goHome: null, protocoloAns: ownProtocol };
  if (token === FREE_TOKEN && !storage.startedInThisTab() && ownProtocol !== sessionProtocol) {
    // A new request's session left by a closed tab (a shared phone's last person): its protocol is typed again here first.
    if (ownProtocol === null) return { goHome: 'new', protocoloAns: '' };
    // Another tab started a second request since: this tab's own draft opens (found by an
    // exploratory run: a reload sent it home, and typing its protocol again took the other's session).
    return { goHome: null, protocoloAns: ownProtocol };
  }
  return { goHome: null, protocoloAns: sessionProtocol };
}

/** What the wizard starts from, read once per visit. */
export function readWizardStart(): WizardStart {
  const { goHome, protocoloAns } = whoseRequest();
  const today = brasiliaDayOf(new Date());
  const input = { protocoloAns, cdEmpresaPlano: storage.get('cdEmpresaPlano') || DEFAULT_CD_EMPRESA_PLANO, today };
  if (goHome !== null) {
    // Home opens in its mode that asks for the ANS protocol (SPEC §2: the stored 'type' presets it).
    if (goHome === 'new') storage.set('type', 'new');
    // Nothing of the request is read: a draft kept for it stays as it was, for whoever types its protocol.
    return { input, snapshot: undefined, attachmentIds: [], revise: null, unreadable: false, goHome };
  }
  let unreadable = false;
  // A draft kept from another day is checked against today's date.
  const loaded = loadWizardSnapshot(protocoloAns, today, () => (unreadable = true));
  // A draft of an older shape is made to fit before the machine gets it.
  const repaired = loaded ? repairWizardDraft(loaded, input) : null;
  let snapshot = repaired?.snapshot;
  // A snapshot this version cannot read even so: start over (and say so) rather than crash.
  if ((loaded && !repaired) || (snapshot && !isReadable(input, snapshot))) {
    clearWizardSnapshot(protocoloAns);
    snapshot = undefined;
    unreadable = true;
  }
  return {
    input,
    snapshot,
    attachmentIds: attachmentIdsOf(snapshot),
    revise: snapshot ? (repaired?.revise ?? null) : null,
    unreadable,
    goHome,
  };
}

/** The ids of the draft's files that could not be read back; null while they are being read. */
export function useRestoredFiles(ids: readonly string[]): string[] | null {
  const [missing, setMissing] = useState<string[] | null>(ids.length === 0 ? [] : null);
  useEffect(() => {
    void fileRegistry.prune([...ids, ...draftAttachmentIds()]);
    if (ids.length === 0) return;
    let cancelled = false;
    // Files kept for this tab live in IndexedDB: read them back before the machine needs them.
    void fileRegistry.restore(ids).then((lost) => {
      if (!cancelled) setMissing(lost);
    });
    return () => {
      cancelled = true;
    };
  }, [ids]);
  return missing;
}

interface WizardFlowProps {
  start: WizardStart;
  missingFiles: readonly string[];
  children: ReactNode;
}

export function WizardFlow({ start, missingFiles, children }: WizardFlowProps) {
  const [, navigate] = useLocation();
  // wouter's navigate is one stable function: handing it over once is enough.
  const [logic] = useState(() => createWizardLogic({ navigate }));
  return (
    <WizardActorContext.Provider logic={logic} options={{ ...inspectOption(), input: start.input, snapshot: start.snapshot }}>
      <WizardUpkeep start={start} missingFiles={missingFiles} />
      {children}
    </WizardActorContext.Provider>
  );
}

/** What the running wizard needs besides its views: saving, page visibility, the restored draft's repairs. */
function WizardUpkeep({ start, missingFiles }: Omit<WizardFlowProps, 'children'>): null {
  const actor = useWizardActorRef();

  useEffect(() => {
    const save = () => saveWizardSnapshot(actor);
    const subscription = actor.subscribe(save);
    save();
    return () => subscription.unsubscribe();
  }, [actor]);

  // The same request open in another tab: said in both (each keeps its own draft).
  const protocoloAns = start.input.protocoloAns;
  useEffect(() => watchDraftElsewhere(protocoloAns, () => notify.warning(DRAFT_ELSEWHERE_MESSAGE, 'draft-elsewhere')), [protocoloAns]);

  // The machine hears when the page is hidden or shown (screen locked, another app in front):
  // an upload that failed meanwhile is sent again once the page is visible (issue 27).
  useEffect(() => {
    const tell = () => actor.send({ type: document.hidden ? 'PAGE_HIDDEN' : 'PAGE_VISIBLE' });
    document.addEventListener('visibilitychange', tell);
    return () => document.removeEventListener('visibilitychange', tell);
  }, [actor]);

  // Once per visit (development runs effects twice): what the restored draft lost, and the
  // lookup's debounce, which a restored snapshot does not restart (its invoked calls it does).
  const settled = useRef(false);
  useEffect(() => {
    if (settled.current) return;
    settled.current = true;
    if (missingFiles.length > 0) actor.send({ type: 'ATTACHMENTS_LOST', ids: [...missingFiles] });
    // A draft with data to revise opens on the first step to revise: one 'Anterior' per step
    // ('Anterior' never validates). The actor starts after this effect: the events wait for it.
    const first = start.revise?.steps[0];
    const shown = STEPS.findIndex((step) => actor.getSnapshot().matches({ editing: step }));
    if (first) for (let step = shown; step > STEPS.indexOf(first); step -= 1) actor.send({ type: 'PREVIOUS' });
    const restored = actor.getSnapshot();
    if (start.snapshot && restored.matches({ editing: { planoDestino: 'debouncing' } })) {
      actor.send({ type: 'DESTINATION_REGISTRY_CHANGED', value: restored.context.form.nu_ans_plano_destino });
    }
  }, [actor, missingFiles, start.snapshot, start.revise]);

  return null;
}
