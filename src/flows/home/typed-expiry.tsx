/**
 * Home with a protocol, a CPF or a password typed keeps them only while someone uses it: the
 * guarded screens' idle rule (30 minutes, a warning two minutes before), with a deadline of
 * its own since nothing is stored. A phone left on the protocol the wizard handed over after
 * filing (its last 6 digits are the password) no longer opens that request for the next
 * person (found by an exploratory run: 45 minutes later it still did).
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { SESSION_IDLE_MS } from '../../storage';
import { SessionWarningDialog } from '../../app/session-warning';
import { idleDeadline, useSessionWatch } from '../../app/session-watch';
import { HomeActorContext } from './home-context';

/** Mounted while something is typed: its deadline starts then. */
function IdleWatch({ onEnded }: { onEnded: () => void }) {
  const [deadline] = useState(() => idleDeadline(SESSION_IDLE_MS));
  const { ended, warning, dismissWarning } = useSessionWatch(deadline);
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);
  return <SessionWarningDialog warning={warning} onDismiss={dismissWarning} />;
}

/**
 * A form of home with its own actor ('Esqueci meu protocolo': a CPF and a date of birth) says
 * here whether it holds something typed; the same deadline then forgets it, with the rest of
 * home (found by a regression walk: those two were kept for as long as the tab stayed open).
 */
export const TypedElsewhere = createContext<(typed: boolean) => void>(() => {});

export function useTypedElsewhere(typed: boolean): void {
  const report = useContext(TypedElsewhere);
  useEffect(() => {
    report(typed);
    return () => report(false);
  }, [report, typed]);
}

export function TypedExpiry({ onEnded, elsewhere }: { onEnded: () => void; elsewhere: boolean }) {
  const typed = HomeActorContext.useSelector((s) => s.context.protocol !== '' || s.context.cpf !== '' || s.context.senha !== '');
  return typed || elsewhere ? <IdleWatch onEnded={onEnded} /> : null;
}
