/**
 * Starts the wizard for the stored ANS protocol, restoring this tab's snapshot (and the files
 * kept for it) after a reload, and saving the snapshot on every change.
 */
import { useLayoutEffect, useState } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { useLocation } from 'wouter';
import { DEFAULT_CD_EMPRESA_PLANO } from '../../../contract/api';
import { inspectOption } from '../../app/inspect';
import { storage } from '../../storage';
import { calendarDayOf } from '../../../machines/wizard.schemas';
import { fileRegistry } from './file-registry';
import { createWizardLogic, type WizardLogic } from './wizard-actors';
import { attachmentIdsOf, clearWizardSnapshot, loadWizardSnapshot, saveWizardSnapshot } from './wizard-persistence';

export type WizardActor = ActorRefFrom<WizardLogic>;

export function useWizardActor(): WizardActor | null {
  const [, navigate] = useLocation();
  const [actor, setActor] = useState<WizardActor | null>(null);

  // A layout effect: with no file to restore the actor starts before the first paint, so the
  // form appears at once instead of after a 'Carregando...' frame (no layout shift).
  useLayoutEffect(() => {
    let cancelled = false;
    let started: WizardActor | null = null;
    let unsubscribe = () => {};
    const protocoloAns = storage.get('protocolo') ?? '';
    const today = calendarDayOf(new Date());
    const input = { protocoloAns, cdEmpresaPlano: storage.get('cdEmpresaPlano') || DEFAULT_CD_EMPRESA_PLANO, today };
    const logic = createWizardLogic({ navigate });
    // A draft kept from another day is checked against today's date.
    const snapshot = loadWizardSnapshot(protocoloAns, today);
    const ids = attachmentIdsOf(snapshot);
    void fileRegistry.prune(ids);

    const start = (missing: readonly string[]) => {
      let next: WizardActor;
      try {
        next = createActor(logic, { ...inspectOption(), input, snapshot });
        next.start();
      } catch {
        // A snapshot this version cannot read: start over rather than crash.
        clearWizardSnapshot();
        next = createActor(logic, { ...inspectOption(), input });
        next.start();
      }
      unsubscribe = next.subscribe(() => saveWizardSnapshot(next)).unsubscribe;
      saveWizardSnapshot(next);
      if (missing.length > 0) next.send({ type: 'ATTACHMENTS_LOST', ids: [...missing] });
      // A restored snapshot restarts its invoked calls but not its timers: restart the lookup's debounce.
      const restored = next.getSnapshot();
      if (restored.matches({ editing: { planoDestino: 'debouncing' } })) {
        next.send({ type: 'DESTINATION_REGISTRY_CHANGED', value: restored.context.form.nu_ans_plano_destino });
      }
      started = next;
      setActor(next);
    };

    if (ids.length === 0) start([]);
    else {
      // Files kept for this tab live in IndexedDB: read them back before the machine needs them.
      void fileRegistry.restore(ids).then((missing) => {
        if (!cancelled) start(missing);
      });
    }

    return () => {
      cancelled = true;
      unsubscribe();
      started?.stop();
    };
    // wouter's navigate is one stable function: the machine lives as long as the page.
  }, [navigate]);

  return actor;
}
