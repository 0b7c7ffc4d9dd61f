/**
 * The acknowledgement (status 6 or 3). Type code 1: 'Estou de acordo' / 'Não aceito';
 * type code 2: one 'Estou ciente' box. What is checked and what is locked come from the
 * machine: an option is enabled only while the machine accepts its event. The options commit
 * only on purpose (ChoiceGroup: arrows move, Enter / Space / click confirm); once one is
 * confirmed it locks, so focus goes to `onChosen` (the panel's heading) instead of the body.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { typeCodeOf } from '../../../machines/tracking.helpers';
import { TEXT } from '../../../machines/tracking.types';
import { CheckBox } from '../../ui/check-box';
import { ChoiceGroup } from '../../ui/choice-group';
import { CONSEQUENCE } from './choice-consequences';
import type { TrackingActor } from './tracking-actor';

const LEGEND = 'Sua confirmação';
const HINT =
  "Escolha com um clique, Enter ou Espaço; as setas só passam de uma opção a outra. 'Estou de acordo' pede confirmação e não pode ser desfeito.";

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

export function Acknowledgement({ actor, onChosen }: { actor: TrackingActor; onChosen: () => void }) {
  const id = useId();
  const typeCode = useSelector(actor, (s) => typeCodeOf(s.context.tracking));
  const choice = useSelector(actor, (s) => s.context.choice);
  const canAgree = useSelector(actor, (s) => s.can({ type: 'AGREE' }));
  const canDecline = useSelector(actor, (s) => s.can({ type: 'DECLINE' }));
  const canAcknowledge = useSelector(actor, (s) => s.can({ type: 'ACKNOWLEDGE' }));
  const recorded = useRecorded(actor);

  const send = (type: 'AGREE' | 'DECLINE' | 'ACKNOWLEDGE') => {
    actor.send({ type });
    onChosen();
  };

  return (
    <div className="space-y-2 rounded-md border border-slate-300 px-4 py-3">
      {typeCode === 1 ? (
        <ChoiceGroup
          label={LEGEND}
          hint={canAgree || canDecline ? HINT : undefined}
          value={choice}
          options={[
            { value: 'S', label: TEXT.agree, description: CONSEQUENCE.agree, disabled: !canAgree },
            { value: 'N', label: TEXT.decline, description: CONSEQUENCE.decline, disabled: !canDecline },
          ]}
          onConfirm={(value) => send(value === 'S' ? 'AGREE' : 'DECLINE')}
        />
      ) : (
        <fieldset className="space-y-1">
          <legend className="font-semibold text-slate-800">{LEGEND}</legend>
          <CheckBox
            id={`${id}-aware`}
            label={TEXT.aware}
            description={CONSEQUENCE.aware}
            checked={choice === 'S'}
            disabled={!canAcknowledge}
            onChange={() => send('ACKNOWLEDGE')}
          />
        </fieldset>
      )}
      {recorded && (
        <p className="rounded-md bg-green-50 px-3 py-2 text-green-900" data-testid="acknowledgement-recorded">
          {RECORDED[recorded]}
        </p>
      )}
    </div>
  );
}
