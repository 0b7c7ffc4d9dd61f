/**
 * The two closing modals (SPEC §2): neither escapable nor dismissable by the backdrop
 * (no onDismiss); their button clears the session, presets home to 'track' and goes home.
 * And the two questions of an unsent choice: 'Finalizar' asks before sending it (its
 * consequences said there), leaving asks before losing it.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { cancellationSentence } from '../../../machines/tracking.decision';
import { choiceLabel, welcomeTitle } from '../../../machines/tracking.helpers';
import { MESSAGES, TEXT } from '../../../machines/tracking.types';
import { normalisePlanCode } from '../../flows/branding/use-branding';
import { storage } from '../../storage';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { CONSEQUENCE, OPTION_LABEL, choiceKey, type ChoiceKey } from './choice-consequences';
import { TrackingActorContext } from '../../flows/tracking/tracking-context';

/** Home in this portal for the plan the person came from, where 'Acompanhar Solicitação' is. */
function trackingHomeLink(): string {
  return `${window.location.origin}/#/home/${normalisePlanCode(storage.get('cdEmpresaPlano'))}`;
}

export function TrackingModals() {
  const actor = TrackingActorContext.useActorRef();
  const aviso = useSelector(actor, (s) => s.matches('avisoModal'));
  const bemvindo = useSelector(actor, (s) => s.matches('bemvindoModal'));
  const operatorName = useSelector(actor, (s) => s.context.operatorName);
  const tracking = useSelector(actor, (s) => s.context.tracking);
  const close = () => actor.send({ type: 'CLOSE_MODAL' });
  // Only while the modal is open: the prerendered screen (no location) never shows it.
  const homeLink = aviso ? trackingHomeLink() : '';
  return (
    <>
      <Modal open={aviso} title={TEXT.avisoTitle} testId="aviso-modal" actions={<Button onClick={close}>{TEXT.avisoButton}</Button>}>
        {/* Issue 26: the link the sentence names, i.e. home's 'Acompanhar Solicitação' on this portal. */}
        <p>
          Acompanhe a sua solicitação em &apos;Acompanhar Solicitação&apos;, na página inicial do portal (
          <a href={homeLink} className="font-semibold break-all text-brand-700 underline" data-testid="aviso-link">
            {homeLink}
          </a>
          ), informando o número do protocolo.
        </p>
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
      <SendConfirmation />
      <LeaveConfirmation />
    </>
  );
}

/** The confirmation 'Finalizar' asks for: what the choice commits to, said where it is sent. */
function SendConfirmation() {
  const actor = TrackingActorContext.useActorRef();
  const open = useSelector(actor, (s) => s.matches({ ready: { awaitingAcknowledgement: 'confirmingSend' } }));
  const option = useSelector(actor, (s) => choiceKey(s.context.tracking, s.context.choice));
  const [shown, setShown] = useState<ChoiceKey>(option);
  // The modal keeps its text while it closes.
  if (open && option !== shown) setShown(option);
  const cancel = () => actor.send({ type: 'SEND_CANCELLED' });
  return (
    <Modal
      open={open}
      title={MESSAGES.sendTitle(OPTION_LABEL[shown])}
      testId="send-confirmation"
      onDismiss={cancel}
      actions={
        <>
          <Button variant="secondary" onClick={cancel}>
            {MESSAGES.sendBack}
          </Button>
          <Button onClick={() => actor.send({ type: 'SEND_CONFIRMED' })}>{MESSAGES.sendButton}</Button>
        </>
      }
    >
      <p>{CONSEQUENCE[shown]}</p>
      <p className="font-semibold">{shown === 'decline' ? MESSAGES.declineOnceSent : MESSAGES.cannotBeUndoneOnceSent}</p>
    </Modal>
  );
}

/** Leaving ('Sair', a menu item, 'Encerrar sessão') with a choice not sent asks first. */
function LeaveConfirmation() {
  const actor = TrackingActorContext.useActorRef();
  const open = useSelector(actor, (s) => s.matches({ ready: { awaitingAcknowledgement: 'confirmingLeave' } }));
  const option = useSelector(actor, (s) => choiceLabel(s.context.tracking, s.context.choice));
  const endingSession = useSelector(actor, (s) => s.context.leaving === 'END_SESSION');
  const stay = () => actor.send({ type: 'LEAVE_CANCELLED' });
  return (
    <Modal
      open={open}
      title={MESSAGES.leaveTitle}
      testId="leave-confirmation"
      onDismiss={stay}
      actions={
        <>
          <Button variant="secondary" onClick={() => actor.send({ type: 'LEAVE_CONFIRMED' })}>
            {endingSession ? MESSAGES.endSessionAnyway : MESSAGES.leaveAnyway}
          </Button>
          <Button onClick={stay}>{MESSAGES.leaveStay}</Button>
        </>
      }
    >
      <p>{MESSAGES.leaveText(option)}</p>
    </Modal>
  );
}
