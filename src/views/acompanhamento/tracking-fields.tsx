/**
 * The four read-only fields at the top of the screen (SPEC §2 "acompanhamento"). The status
 * is a free text of any length ('Aceita - aguardando assinatura dos documentos'): it wraps in
 * a read-only text area that grows with it, instead of being cut at the field's edge. So do
 * the 20-digit protocols, one line high as a rule: with a phone's large font (200 %) they are
 * wider than the screen, and a field that cuts them shows a person a wrong number.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { TrackingActorContext } from '../../flows/tracking/tracking-context';

const box = 'block min-h-11 w-full rounded-md border border-slate-300 bg-slate-100 px-3 text-base text-slate-800';

function ReadOnlyField({
  label,
  value,
  name,
  wraps = false,
  rows = 2,
}: {
  label: string;
  value: string;
  name: string;
  wraps?: boolean;
  rows?: number;
}) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-700">
        {label}
      </label>
      {wraps ? (
        // field-sizing: content grows it with its text; `rows` where the browser cannot.
        <textarea
          id={id}
          name={name}
          readOnly
          rows={rows}
          value={value}
          className={`${box} field-sizing-content resize-none py-[9px] leading-6`}
        />
      ) : (
        <input id={id} name={name} type="text" readOnly value={value} className={box} />
      )}
    </div>
  );
}

export function TrackingFields() {
  const actor = TrackingActorContext.useActorRef();
  const ansProtocol = useSelector(actor, (s) => s.context.tracking?.nuProtocoloAnsHapvida ?? '');
  const protocol = useSelector(actor, (s) => s.context.tracking?.nuProtocolo ?? '');
  const requestDate = useSelector(actor, (s) => s.context.tracking?.dtCadastramento ?? '');
  const status = useSelector(actor, (s) => s.context.tracking?.dsStatus ?? '');
  return (
    // As many columns as fit whole 20-digit protocols (14rem), one on a phone.
    <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,14rem),1fr))] gap-4">
      <ReadOnlyField label="Protocolo ANS" name="nu_protocolo_ans" value={ansProtocol} wraps rows={1} />
      <ReadOnlyField label="Protocolo" name="nu_protocolo" value={protocol} wraps rows={1} />
      <ReadOnlyField label="Data da solicitação" name="dt_cadastramento" value={requestDate} />
      <ReadOnlyField label="Status" name="ds_status" value={status} wraps />
    </div>
  );
}
