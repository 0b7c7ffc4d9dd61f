/**
 * The warning before a guarded screen's session ends (session-watch.ts; WCAG 2.2.1): what
 * ends it and when, and 'Continuar' while activity can still put the end off.
 */
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { SESSION_WARNING_ATTRIBUTE, SESSION_WARNING_TITLE, type SessionWarning } from './session-watch';

/** The end in the device's hours, as its clock shows them ('14:32'). */
const clockTime = (endsAt: number) => new Date(endsAt).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });

export function sessionWarningText(warning: SessionWarning): string {
  return warning.extendable
    ? `Por segurança, a sessão termina depois de 30 minutos sem uso: às ${clockTime(warning.endsAt)}. O que não foi enviado nesta aba será apagado. Para continuar de onde parou, use 'Continuar'.`
    : `Por segurança, a sessão termina 2 horas depois de aberta: às ${clockTime(warning.endsAt)}. Depois, informe o protocolo de novo para continuar.`;
}

/**
 * 'Continuar' is activity itself (the watch counts the press, which puts an idle end off), and
 * its click closes the warning: the key that pressed it ends on it, never on what is under it.
 */
export function SessionWarningDialog({ warning, onDismiss }: { warning: SessionWarning | null; onDismiss: () => void }) {
  const fixed = warning !== null && !warning.extendable;
  return (
    <div {...{ [SESSION_WARNING_ATTRIBUTE]: '' }}>
      <Modal
        open={warning !== null}
        title={SESSION_WARNING_TITLE}
        testId="session-warning"
        // One button and no '×': it is where focus starts, and the one way out.
        actions={<Button onClick={onDismiss}>{fixed ? 'Entendi' : 'Continuar'}</Button>}
      >
        {warning && <p>{sessionWarningText(warning)}</p>}
      </Modal>
    </div>
  );
}
