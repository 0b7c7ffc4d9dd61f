/**
 * The four read-only fields at the top of the screen (SPEC §2 "acompanhamento"). The status
 * is a free text of any length ('Aceita - aguardando assinatura dos documentos') and the
 * protocols are 20 digits: each wraps instead of being cut (src/ui/read-only-field.tsx).
 */
import { useSelector } from '@xstate/react';
import { TrackingActorContext } from '../../flows/tracking/tracking-context';
import { ReadOnlyField } from '../../ui/read-only-field';

export function TrackingFields() {
  const actor = TrackingActorContext.useActorRef();
  const ansProtocol = useSelector(actor, (s) => s.context.tracking?.nuProtocoloAnsHapvida ?? '');
  const protocol = useSelector(actor, (s) => s.context.tracking?.nuProtocolo ?? '');
  const requestDate = useSelector(actor, (s) => s.context.tracking?.dtCadastramento ?? '');
  const status = useSelector(actor, (s) => s.context.tracking?.dsStatus ?? '');
  return (
    // As many columns as fit whole 20-digit protocols (14rem), one on a phone.
    <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,14rem),1fr))] gap-4">
      <ReadOnlyField id="tracking-nu_protocolo_ans" label="Protocolo ANS" name="nu_protocolo_ans" value={ansProtocol} />
      <ReadOnlyField id="tracking-nu_protocolo" label="Protocolo" name="nu_protocolo" value={protocol} />
      <ReadOnlyField id="tracking-dt_cadastramento" label="Data da solicitação" name="dt_cadastramento" value={requestDate} />
      <ReadOnlyField id="tracking-ds_status" label="Status" name="ds_status" value={status} />
    </div>
  );
}
