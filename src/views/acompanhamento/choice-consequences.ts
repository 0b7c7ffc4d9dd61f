import { typeCodeOf } from '../../../machines/tracking.helpers';
import { TEXT, TYPE_CODE_AGREEMENT, type Choice, type TrackingInfo } from '../../../machines/tracking.types';

/**
 * What each acknowledgement option commits the beneficiary to (ANS RN 438/2018), said in one
 * sentence beside the option and again in the confirmation 'Finalizar' asks before sending it.
 */
export const CONSEQUENCE = {
  agree:
    'Você aceita a portabilidade: o novo plano começa na data informada pela operadora, sem novas carências nem cobertura parcial temporária (CPT) para o que já cumpriu no plano de origem, e o plano antigo deve ser cancelado em até 5 dias depois desse início.',
  decline:
    'Você não aceita as condições: a portabilidade não segue e você continua no plano de origem como está; enquanto a solicitação estiver aberta, ainda pode escolher “Estou de acordo”.',
  aware:
    'Você declara ciência das condições: a operadora segue com a portabilidade, e o plano antigo deve ser cancelado em até 5 dias depois do início do novo plano.',
} as const;

export type ChoiceKey = keyof typeof CONSEQUENCE;

export const OPTION_LABEL: Record<ChoiceKey, string> = { agree: TEXT.agree, decline: TEXT.decline, aware: TEXT.aware };

/** Which option a choice is, by the request's type code. */
export function choiceKey(tracking: Pick<TrackingInfo, 'cdStatusPort'> | null, choice: Choice): ChoiceKey {
  if (typeCodeOf(tracking) !== TYPE_CODE_AGREEMENT) return 'aware';
  return choice === 'N' ? 'decline' : 'agree';
}
