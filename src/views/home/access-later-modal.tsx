/**
 * The 'Prezado Cliente' access-later modal (SPEC §4 "Track lookup": a login with an empty
 * answer). Its own chunk: most visits never open it, so the home screen does not ship it.
 */
import { HomeActorContext } from '../../flows/home/home-context';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';

export function AccessLaterModal() {
  const actor = HomeActorContext.useActorRef();
  return (
    <Modal
      open
      title="Prezado Cliente"
      testId="access-later-modal"
      actions={<Button onClick={() => actor.send({ type: 'ACKNOWLEDGE' })}>OK</Button>}
    >
      <p>O acesso ao acompanhamento da sua solicitação estará disponível após a finalização do cadastro.</p>
      <p>Por favor, tente novamente mais tarde.</p>
    </Modal>
  );
}
