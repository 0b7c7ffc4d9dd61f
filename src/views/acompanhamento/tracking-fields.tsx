/** The four read-only fields at the top of the screen (SPEC §2 "acompanhamento"). */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { TrackingActor } from './tracking-actor';

function ReadOnlyField({ label, value, name }: { label: string; value: string; name: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-700">{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        readOnly
        value={value}
        className="block min-h-11 w-full rounded-md border border-slate-300 bg-slate-100 px-3 text-base text-slate-800"
      />
    </div>
  );
}

export function TrackingFields({ actor }: { actor: TrackingActor }) {
  const ansProtocol = useSelector(actor, (s) => s.context.tracking?.nuProtocoloAnsHapvida ?? '');
  const protocol = useSelector(actor, (s) => s.context.tracking?.nuProtocolo ?? '');
  const requestDate = useSelector(actor, (s) => s.context.tracking?.dtCadastramento ?? '');
  const status = useSelector(actor, (s) => s.context.tracking?.dsStatus ?? '');
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <ReadOnlyField label="Protocolo ANS" name="nu_protocolo_ans" value={ansProtocol} />
      <ReadOnlyField label="Protocolo" name="nu_protocolo" value={protocol} />
      <ReadOnlyField label="Data da solicitação" name="dt_cadastramento" value={requestDate} />
      <ReadOnlyField label="Status" name="ds_status" value={status} />
    </div>
  );
}
