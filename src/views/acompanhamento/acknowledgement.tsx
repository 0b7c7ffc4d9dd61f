/**
 * The acknowledgement (status 6 or 3). Type code 1: 'Estou de acordo' / 'Não aceito';
 * type code 2: one 'Estou ciente' box. What is checked and what may change come from the
 * machine: an option is enabled while the machine accepts its event, and the chosen one while
 * the choice is still a draft (`unsentChoice`: it may change until 'Finalizar' sends it). The
 * options choose only on purpose (ChoiceGroup: arrows move, Enter / Space / click choose).
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { recordedChoice, typeCodeOf } from '../../../machines/tracking.helpers';
import { MESSAGES, TEXT } from '../../../machines/tracking.types';
import { CheckBox } from '../../ui/check-box';
import { ChoiceGroup } from '../../ui/choice-group';
import { CONSEQUENCE } from './choice-consequences';
import { TrackingActorContext, type TrackingActor } from '../../flows/tracking/tracking-context';

const LEGEND = 'Sua confirmação';
const HINT =
  "Escolha com um clique, Enter ou Espaço; as setas só passam de uma opção a outra. Nada é registrado até você enviar a escolha com 'Finalizar'.";

/** What the screen says once the server holds the answer (the machine's *Recorded states). */
const RECORDED = {
  agreementRecorded:
    'Sua concordância foi registrada. Quando a operadora aceitar a solicitação, entre com o CPF e a senha (os 6 últimos dígitos do protocolo) para assinar os documentos.',
  declineRecorded: "Sua resposta 'Não aceito' foi registrada. Se mudar de ideia, escolha 'Estou de acordo' e use 'Finalizar'.",
  awarenessRecorded:
    'Sua ciência foi registrada. A operadora dará andamento à portabilidade; acompanhe por aqui com o número do protocolo.',
} as const;

function useRecorded(actor: TrackingActor): keyof typeof RECORDED | null {
  return useSelector(actor, (s) => {
    if (s.matches({ ready: { awaitingAcknowledgement: { typeOne: 'agreementRecorded' } } })) return 'agreementRecorded';
    if (s.matches({ ready: { awaitingAcknowledgement: { typeOne: 'declineRecorded' } } })) return 'declineRecorded';
    if (s.matches({ ready: { awaitingAcknowledgement: { typeTwo: 'awarenessRecorded' } } })) return 'awarenessRecorded';
    return null;
  });
}

export function Acknowledgement() {
  const actor = TrackingActorContext.useActorRef();
  const id = useId();
  const typeCode = useSelector(actor, (s) => typeCodeOf(s.context.tracking));
  const choice = useSelector(actor, (s) => s.context.choice);
  const unsent = useSelector(actor, (s) => s.hasTag('unsentChoice'));
  const overDecline = useSelector(actor, (s) => recordedChoice(s.context.tracking) === 'N');
  const canAgree = useSelector(actor, (s) => s.can({ type: 'AGREE' }));
  const canDecline = useSelector(actor, (s) => s.can({ type: 'DECLINE' }));
  const canAcknowledge = useSelector(actor, (s) => s.can({ type: 'ACKNOWLEDGE' }));
  const canUnacknowledge = useSelector(actor, (s) => s.can({ type: 'UNACKNOWLEDGE' }));
  const recorded = useRecorded(actor);
  // The draft's own option stays enabled: it is chosen, not locked.
  const open = (value: 'S' | 'N', can: boolean) => can || (unsent && choice === value);

  return (
    <div className="space-y-2 rounded-md border border-slate-300 px-4 py-3">
      {typeCode === 1 ? (
        <ChoiceGroup
          label={LEGEND}
          hint={canAgree || canDecline ? HINT : undefined}
          value={choice}
          options={[
            { value: 'S', label: TEXT.agree, description: CONSEQUENCE.agree, disabled: !open('S', canAgree) },
            { value: 'N', label: TEXT.decline, description: CONSEQUENCE.decline, disabled: !open('N', canDecline) },
          ]}
          onConfirm={(value) => actor.send({ type: value === 'S' ? 'AGREE' : 'DECLINE' })}
        />
      ) : (
        <fieldset className="space-y-1">
          <legend className="font-semibold text-slate-800">{LEGEND}</legend>
          <CheckBox
            id={`${id}-aware`}
            label={TEXT.aware}
            description={CONSEQUENCE.aware}
            checked={choice === 'S'}
            disabled={!canAcknowledge && !canUnacknowledge}
            onChange={() => actor.send({ type: canUnacknowledge ? 'UNACKNOWLEDGE' : 'ACKNOWLEDGE' })}
          />
        </fieldset>
      )}
      {unsent && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900" data-testid="acknowledgement-unsent">
          {overDecline ? MESSAGES.unsentOverDecline : MESSAGES.unsent}
        </p>
      )}
      {recorded && (
        <p className="rounded-md bg-green-50 px-3 py-2 text-green-900" data-testid="acknowledgement-recorded">
          {RECORDED[recorded]}
        </p>
      )}
    </div>
  );
}
