/**
 * The request's history (the `historico` call): every status change with its date, and,
 * while under analysis (statuses 1 and 2 only), how many of the operator's 10 days to answer
 * are left (ANS rule).
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { answerClockRuns, answerWindow, answerWindowText } from '../../../machines/tracking.helpers';
import { TrackingActorContext } from '../../flows/tracking/tracking-context';
import { UnreadListNotice, useUnread } from './unread-list';

export function HistoryTimeline({ now = () => new Date() }: { now?: () => Date }) {
  const actor = TrackingActorContext.useActorRef();
  const headingId = useId();
  const history = useSelector(actor, (s) => s.context.history);
  const underAnalysis = useSelector(actor, (s) => answerClockRuns(s.context.tracking));
  const unread = useUnread('history');
  if (unread)
    return (
      <section aria-labelledby={headingId} className="space-y-3">
        <h3 id={headingId} className="font-semibold text-slate-800">
          Histórico da solicitação
        </h3>
        <UnreadListNotice list="history" />
      </section>
    );
  if (!history) return null;
  const answer = underAnalysis ? answerWindow(history, now()) : null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="font-semibold text-slate-800">
        Histórico da solicitação
      </h3>
      {answer && (
        <p className="rounded-md bg-brand-50 px-3 py-2 text-slate-800" data-testid="answer-window">
          {answerWindowText(answer)}
        </p>
      )}
      {history.eventos.length > 0 && (
        <ol className="space-y-2 border-l-2 border-brand-500 pl-4">
          {history.eventos.map((event, index) => (
            <li key={`${index}-${event.dtEvento}`} className="relative">
              <span aria-hidden="true" className="absolute -left-[1.4rem] top-1.5 size-3 rounded-full bg-brand-600" />
              <span className="block text-sm text-slate-600">{event.dtEvento}</span>
              <span className="block text-slate-800">{event.dsStatus}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
