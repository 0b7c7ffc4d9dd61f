/**
 * The two closing modals (SPEC §2): neither escapable nor dismissable by the backdrop
 * (no onDismiss); their button clears the session, presets home to 'track' and goes home.
 * And the confirmation of a choice that locks ('Estou de acordo', 'Estou ciente').
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { cancellationSentence } from '../../../machines/tracking.decision';
import { welcomeTitle } from '../../../machines/tracking.helpers';
import { TEXT } from '../../../machines/tracking.types';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { CANNOT_BE_UNDONE, CONSEQUENCE } from './choice-consequences';
import type { TrackingActor } from './tracking-actor';

export function TrackingModals({ actor }: { actor: TrackingActor }) {
  const aviso = useSelector(actor, (s) => s.matches('avisoModal'));
  const bemvindo = useSelector(actor, (s) => s.matches('bemvindoModal'));
  const operatorName = useSelector(actor, (s) => s.context.operatorName);
  const tracking = useSelector(actor, (s) => s.context.tracking);
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
        {/* The one thing left to the holder, repeated where the journey ends (issue 25). */}
        {tracking && <p data-testid="welcome-cancellation">{cancellationSentence(tracking, new Date())}</p>}
      </Modal>
      <ChoiceConfirmation actor={actor} />
    </>
  );
}

/** Which locking choice waits for confirmation, if any. */
function useConfirming(actor: TrackingActor): 'agree' | 'aware' | null {
  return useSelector(actor, (s) => {
    if (s.matches({ ready: { awaitingAcknowledgement: { typeOne: 'confirmingAgreement' } } })) return 'agree';
    if (s.matches({ ready: { awaitingAcknowledgement: { typeTwo: 'confirmingAwareness' } } })) return 'aware';
    return null;
  });
}

function ChoiceConfirmation({ actor }: { actor: TrackingActor }) {
  const confirming = useConfirming(actor);
  const [shown, setShown] = useState<'agree' | 'aware'>('agree');
  // The modal keeps its text while it closes.
  if (confirming && confirming !== shown) setShown(confirming);
  const cancel = () => actor.send({ type: 'CHOICE_CANCELLED' });
  return (
    <Modal
      open={confirming !== null}
      title={`Confirmar '${shown === 'agree' ? TEXT.agree : TEXT.aware}'?`}
      testId="choice-confirmation"
      onDismiss={cancel}
      actions={
        <>
          <Button variant="secondary" onClick={cancel}>
            Voltar
          </Button>
          <Button onClick={() => actor.send({ type: 'CHOICE_CONFIRMED' })}>Confirmar</Button>
        </>
      }
    >
      <p>{CONSEQUENCE[shown]}</p>
      <p className="font-semibold">{CANNOT_BE_UNDONE}</p>
    </Modal>
  );
}
