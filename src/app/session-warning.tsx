/**
 * The warning before a guarded screen's session ends (session-watch.ts; WCAG 2.2.1): what
 * ends it and when, and 'Continuar' while activity can still put the end off.
 */
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { SESSION_WARNING_TITLE, type SessionWarning } from './session-watch';

/** The end in the device's hours, as its clock shows them ('14:32'). */
const clockTime = (endsAt: number) => new Date(endsAt).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });

export function sessionWarningText(warning: SessionWarning): string {
  return warning.extendable
    ? `Por segurança, a sessão termina depois de 30 minutos sem uso: às ${clockTime(warning.endsAt)}. O que não foi enviado nesta aba será apagado. Para continuar de onde parou, use 'Continuar'.`
    : `Por segurança, a sessão termina 2 horas depois de aberta: às ${clockTime(warning.endsAt)}. Depois, informe o protocolo de novo para continuar.`;
}

/** 'Continuar' is activity itself (the watch counts every press): the end moves and the warning goes. */
export function SessionWarningDialog({ warning, onDismiss }: { warning: SessionWarning | null; onDismiss: () => void }) {
  const fixed = warning !== null && !warning.extendable;
  return (
    <Modal
      open={warning !== null}
      title={SESSION_WARNING_TITLE}
      testId="session-warning"
      {...(fixed ? { onDismiss } : {})}
      actions={<Button onClick={fixed ? onDismiss : undefined}>{fixed ? 'Entendi' : 'Continuar'}</Button>}
    >
      {warning && <p>{sessionWarningText(warning)}</p>}
    </Modal>
  );
}
