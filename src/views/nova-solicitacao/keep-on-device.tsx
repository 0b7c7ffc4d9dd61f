/**
 * "Continuar depois neste aparelho" (issue 27 item 4): the holder's opt-in to keep the draft
 * (what was typed and the files attached) in this browser for DEVICE_DRAFT_DAYS, so closing
 * the tab loses nothing. Unchecked, the draft lives only as long as the tab.
 */
import { useSyncExternalStore } from 'react';
import { DEVICE_DRAFT_DAYS, deviceDraftKept } from '../../flows/wizard/wizard-persistence';
import { CheckBox } from '../../ui/check-box';
import { useWizard, useWizardActorRef } from '../../flows/wizard/wizard-context';

export const KEEP_ON_DEVICE_DESCRIPTION =
  `Guarda os dados digitados e os arquivos anexados neste navegador por ${DEVICE_DRAFT_DAYS} dias após a última alteração, ` +
  "mesmo depois de fechar a aba. Não marque em aparelho compartilhado. O rascunho é apagado ao enviar a solicitação ou ao sair com 'Sair e apagar os dados'.";

export const NOT_KEPT_ON_DEVICE =
  'Este aparelho está sem espaço para guardar o rascunho: por enquanto ele fica só nesta aba. Não feche a aba antes de enviar a solicitação, ou libere espaço no aparelho.';

export function KeepOnDevice() {
  const actor = useWizardActorRef();
  const checked = useWizard((s) => s.context.keepOnDevice);
  const editing = useWizard((s) => s.matches('editing'));
  const kept = useSyncExternalStore(deviceDraftKept.subscribe, deviceDraftKept.now, () => true);
  return (
    <div>
      <CheckBox
        id="wizard-keep-on-device"
        label="Continuar depois neste aparelho"
        checked={checked}
        disabled={!editing}
        description={KEEP_ON_DEVICE_DESCRIPTION}
        onChange={() => actor.send({ type: 'KEEP_ON_DEVICE_TOGGLED', checked: !checked })}
      />
      {/* Always in the page, so the refusal is announced when it comes. */}
      <p role="status" className="mt-2 text-sm font-medium text-amber-900 empty:hidden" data-testid="keep-on-device-refused">
        {checked && !kept ? NOT_KEPT_ON_DEVICE : ''}
      </p>
    </div>
  );
}
