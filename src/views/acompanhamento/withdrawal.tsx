/**
 * Withdrawal (issue 25 item 7): under analysis (1, 2) the holder may withdraw; the
 * confirmation says what it means before anything is sent, and only the server's answer
 * (then the reloaded request) says it is done. A request withdrawn shows "cancelada a seu
 * pedido", never an operator's cancellation with its recourse.
 */
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { WITHDRAWAL, canWithdraw } from '../../../machines/tracking.terms-and-withdrawal';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useRefocusWhenIdle } from '../../ui/focus-lost';
import { TrackingActorContext } from '../../flows/tracking/tracking-context';

/** Status 2's panel states that hold a file (each with its words): withdrawing waits until it is sent, removed or cancelled. */
const PENDING_WITH_FILE = Object.keys(WITHDRAWAL.fileInHand) as (keyof typeof WITHDRAWAL.fileInHand)[];

/** In the analysis panel: what withdrawing is, and the button that asks first. */
export function WithdrawSection() {
  const actor = TrackingActorContext.useActorRef();
  const headingId = useId();
  const offered = useSelector(actor, (s) => canWithdraw(s.context.tracking));
  const can = useSelector(actor, (s) => s.can({ type: 'WITHDRAW' }));
  const fileInHand = useSelector(actor, (s) => PENDING_WITH_FILE.find((leaf) => s.matches({ ready: { pendingDocuments: leaf } })));
  const hintId = useId();
  // Back from the confirmation (a withdrawal refused or failed): on the button that asks again.
  const button = useRef<HTMLButtonElement>(null);
  useRefocusWhenIdle(
    useSelector(actor, (s) => s.matches('withdrawal')),
    button,
  );
  if (!offered) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-md border border-slate-200 p-4">
      <h3 id={headingId} className="font-semibold text-slate-800">
        Não quer mais a portabilidade?
      </h3>
      <p className="text-sm text-slate-700">
        Enquanto a solicitação está em análise, você pode desistir dela. Antes, confirmaremos com você.
      </p>
      {fileInHand && (
        <p id={hintId} className="text-sm text-slate-700">
          {WITHDRAWAL.fileInHand[fileInHand]}
        </p>
      )}
      <Button
        ref={button}
        variant="secondary"
        inactive={!can}
        aria-describedby={fileInHand ? hintId : undefined}
        onClick={() => actor.send({ type: 'WITHDRAW' })}
      >
        {WITHDRAWAL.button}
      </Button>
    </section>
  );
}

/** The withdrawn panel's own words (no operator reason, no complaint channel: the holder asked for it). */
export function WithdrawnNote({ when }: { when: string | undefined }) {
  return (
    <div className="space-y-2 text-slate-800" data-testid="withdrawn-note">
      <p>{WITHDRAWAL.panelText(when)}</p>
      <p>{WITHDRAWAL.again}</p>
    </div>
  );
}

/** "Desistir desta solicitação?": the consequences, then 'Sim, desistir' or 'Voltar' (Esc). */
export function WithdrawConfirmation() {
  const actor = TrackingActorContext.useActorRef();
  const open = useSelector(actor, (s) => s.matches({ withdrawal: 'confirming' }));
  const offered = useSelector(actor, (s) => canWithdraw(s.context.tracking));
  const cancel = () => actor.send({ type: 'WITHDRAW_CANCELLED' });
  // Where no withdrawal is offered (a decision, a closed request) its words are not on the page at all.
  if (!open && !offered) return null;
  return (
    <Modal
      open={open}
      title={WITHDRAWAL.title}
      testId="withdraw-confirmation"
      onDismiss={cancel}
      actions={
        <>
          <Button variant="secondary" onClick={cancel}>
            {WITHDRAWAL.back}
          </Button>
          <Button onClick={() => actor.send({ type: 'WITHDRAW_CONFIRMED' })}>{WITHDRAWAL.confirm}</Button>
        </>
      }
    >
      {WITHDRAWAL.consequences.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
    </Modal>
  );
}
