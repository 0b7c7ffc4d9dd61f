/**
 * The facts of the operator's decision (statuses 6, 3 and 7), before the choice they inform:
 * destination plan, start of coverage, monthly price and the last day to cancel the old plan,
 * each one the operator has not sent said to be missing; then what is still the holder's to
 * do and by when. Everything comes from the tracking data in the machine's snapshot.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { NOT_INFORMED, decisionFacts, nextSteps } from '../../../machines/tracking.decision';
import { TrackingActorContext } from '../../flows/tracking/tracking-context';

export function DecisionFacts({ now = () => new Date() }: { now?: () => Date }) {
  const actor = TrackingActorContext.useActorRef();
  const headingId = useId();
  const tracking = useSelector(actor, (s) => s.context.tracking);
  if (!tracking) return null;
  const steps = nextSteps(tracking, now());
  return (
    <section aria-labelledby={headingId} data-testid="decision-facts" className="space-y-3 rounded-md border border-slate-300 px-4 py-3">
      <h3 id={headingId} className="font-semibold text-slate-800">
        Condições da portabilidade
      </h3>
      <dl className="grid gap-x-4 gap-y-1 desktop:grid-cols-[max-content_minmax(0,1fr)] desktop:gap-y-2">
        {decisionFacts(tracking).map((fact) => (
          <div key={fact.label} className="contents">
            <dt className="text-sm font-semibold text-slate-700 desktop:text-base">{fact.label}</dt>
            <dd className={`mb-2 desktop:mb-0 ${fact.value ? 'text-slate-900' : 'text-slate-700 italic'}`}>{fact.value ?? NOT_INFORMED}</dd>
          </div>
        ))}
      </dl>
      {steps.length > 0 && (
        <div className="space-y-1 rounded-md bg-brand-50 px-3 py-2 text-slate-900" data-testid="next-steps">
          <p className="font-semibold">O que ainda falta fazer</p>
          {steps.map((step) => (
            <p key={step}>{step}</p>
          ))}
        </div>
      )}
    </section>
  );
}
