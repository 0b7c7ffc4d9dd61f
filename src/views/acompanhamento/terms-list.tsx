/**
 * Status 3: the terms and declarations to sign. Checking a box opens the document in a new
 * tab (inside this click, so popup blockers allow it) and records the signature; signed
 * terms stay checked and disabled.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { CheckBox } from '../../ui/check-box';
import type { TrackingActor } from './tracking-actor';

export function TermsList({ actor }: { actor: TrackingActor }) {
  const headingId = useId();
  const terms = useSelector(actor, (s) => s.context.documentsToSign);
  // The box shows checked while its signature is being recorded, and stays so once it is.
  const signing = useSelector(actor, (s) => s.context.signing);
  const signable = useSelector(
    actor,
    (s) => s.context.documentsToSign.map((t) => s.can({ type: 'SIGN_DOCUMENT', cdFileDocumento: t.cdFileDocumento })),
    (a, b) => a.length === b.length && a.every((value, i) => value === b[i]),
  );
  if (terms.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-semibold text-slate-800">
        Termos e declarações
      </h3>
      <p className="text-sm text-slate-700">Marque cada documento para lê-lo e registrar o seu aceite.</p>
      <ul className="space-y-1">
        {terms.map((term, index) => {
          const id = `${headingId}-${term.cdFileDocumento}`;
          return (
            <li key={term.cdFileDocumento}>
              <CheckBox
                id={id}
                label={term.documento}
                checked={term.flAssinado || signing === term.cdFileDocumento}
                disabled={term.flAssinado || !signable[index]}
                onChange={() => actor.send({ type: 'SIGN_DOCUMENT', cdFileDocumento: term.cdFileDocumento })}
                after={term.flAssinado && <span className="text-sm text-green-800">(assinado)</span>}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
