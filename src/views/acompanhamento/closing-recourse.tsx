/**
 * A refused (4) or cancelled (5) request: the operator's reason (or that it gave none) and
 * what the holder can do about it — ask again, talk to the operator, or complain to the ANS
 * (NIP, Disque ANS). No status is a dead end.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { DISQUE_ANS, closingReason } from '../../../machines/tracking.decision';
import { OperatorContactCard } from '../layout/operator-contact';
import { TrackingActorContext } from '../../flows/tracking/tracking-context';

/** The regulator's own site, where a NIP complaint is filed online. */
const ANS_SITE = 'https://www.gov.br/ans/pt-br';

export function ClosingRecourse() {
  const actor = TrackingActorContext.useActorRef();
  const reasonId = useId();
  const recourseId = useId();
  const reason = closingReason({ dsMotivo: useSelector(actor, (s) => s.context.tracking?.dsMotivo) });
  return (
    <>
      <section aria-labelledby={reasonId} data-testid="closing-reason" className="space-y-1 rounded-md border border-slate-300 px-4 py-3">
        <h3 id={reasonId} className="font-semibold text-slate-800">
          Motivo informado pela operadora
        </h3>
        <p className={reason.given ? 'text-slate-900' : 'text-slate-700 italic'}>{reason.text}</p>
      </section>
      <section aria-labelledby={recourseId} data-testid="recourse" className="space-y-2">
        <h3 id={recourseId} className="font-semibold text-slate-800">
          O que você pode fazer
        </h3>
        <ul className="list-disc space-y-2 pl-5 text-slate-800">
          <li>{"Fazer uma nova solicitação de portabilidade: na página inicial, em 'Realizar Solicitação'."}</li>
          <li>Falar com a operadora, pelos canais de atendimento dela, para entender a decisão ou corrigir o que faltou.</li>
          <li>
            Se discordar, reclamar na ANS (Agência Nacional de Saúde Suplementar), que abre uma Notificação de Intermediação Preliminar
            (NIP) com a operadora: pelo Disque ANS{' '}
            <a href={`tel:${DISQUE_ANS.tel}`} className="font-semibold text-brand-700 underline">
              {DISQUE_ANS.label}
            </a>{' '}
            (ligação gratuita) ou pelo{' '}
            <a href={ANS_SITE} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline">
              portal da ANS<span className="sr-only"> (abre em nova aba)</span>
            </a>
            .
          </li>
        </ul>
      </section>
      {/* The operator's own channels, right under the ANS's (issue 26). */}
      <OperatorContactCard level={3} withAns={false} />
    </>
  );
}
