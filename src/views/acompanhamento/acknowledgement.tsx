/**
 * The acknowledgement (status 6 or 3). Type code 1: 'Estou de acordo' / 'Não aceito';
 * type code 2: one 'Estou ciente' box. What is checked and what is locked come from the
 * machine: an option is enabled only while the machine accepts its event.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { typeCodeOf } from '../../../machines/tracking.helpers';
import { TEXT } from '../../../machines/tracking.types';
import type { TrackingActor } from './tracking-actor';

const option = 'flex min-h-11 items-center gap-3';
const box = 'size-6 accent-brand-600';

export function Acknowledgement({ actor }: { actor: TrackingActor }) {
  const id = useId();
  const typeCode = useSelector(actor, (s) => typeCodeOf(s.context.tracking));
  const choice = useSelector(actor, (s) => s.context.choice);
  const canAgree = useSelector(actor, (s) => s.can({ type: 'AGREE' }));
  const canDecline = useSelector(actor, (s) => s.can({ type: 'DECLINE' }));
  const canAcknowledge = useSelector(actor, (s) => s.can({ type: 'ACKNOWLEDGE' }));

  return (
    <fieldset className="space-y-1 rounded-md border border-slate-300 px-4 py-3">
      <legend className="px-1 font-semibold text-slate-800">Sua confirmação</legend>
      {typeCode === 1 ? (
        <>
          <div className={option}>
            <input
              id={`${id}-agree`}
              type="radio"
              name={`${id}-choice`}
              className={box}
              checked={choice === 'S'}
              disabled={!canAgree}
              onChange={() => actor.send({ type: 'AGREE' })}
            />
            <label htmlFor={`${id}-agree`}>{TEXT.agree}</label>
          </div>
          <div className={option}>
            <input
              id={`${id}-decline`}
              type="radio"
              name={`${id}-choice`}
              className={box}
              checked={choice === 'N'}
              disabled={!canDecline}
              onChange={() => actor.send({ type: 'DECLINE' })}
            />
            <label htmlFor={`${id}-decline`}>{TEXT.decline}</label>
          </div>
        </>
      ) : (
        <div className={option}>
          <input
            id={`${id}-aware`}
            type="checkbox"
            className={box}
            checked={choice === 'S'}
            disabled={!canAcknowledge}
            onChange={() => actor.send({ type: 'ACKNOWLEDGE' })}
          />
          <label htmlFor={`${id}-aware`}>{TEXT.aware}</label>
        </div>
      )}
    </fieldset>
  );
}
