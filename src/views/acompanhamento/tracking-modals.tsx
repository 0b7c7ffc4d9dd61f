/**
 * The two closing modals (SPEC §2): neither escapable nor dismissable by the backdrop
 * (no onDismiss); their button clears the session, presets home to 'track' and goes home.
 */
import { useSelector } from '@xstate/react';
import { welcomeTitle } from '../../../machines/tracking.helpers';
import { TEXT } from '../../../machines/tracking.types';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import type { TrackingActor } from './tracking-actor';

export function TrackingModals({ actor }: { actor: TrackingActor }) {
  const aviso = useSelector(actor, (s) => s.matches('avisoModal'));
  const bemvindo = useSelector(actor, (s) => s.matches('bemvindoModal'));
  const operatorName = useSelector(actor, (s) => s.context.operatorName);
  const close = () => actor.send({ type: 'CLOSE_MODAL' });
  return (
    <>
      <Modal open={aviso} title={TEXT.avisoTitle} testId="aviso-modal" actions={<Button onClick={close}>{TEXT.avisoButton}</Button>}>
        <p>Acompanhe a sua solicitação pelo link, informando o número do protocolo.</p>
        <p>A senha de acesso são os 6 últimos dígitos do protocolo de portabilidade, que se encontra no e-mail enviado.</p>
      </Modal>
      <Modal
        open={bemvindo}
        title={welcomeTitle(operatorName)}
        testId="bemvindo-modal"
        actions={<Button onClick={close}>{TEXT.welcomeButton}</Button>}
      >
        <p>{TEXT.welcomeText}</p>
      </Modal>
    </>
  );
}
