/**
 * What each acknowledgement option commits the beneficiary to (ANS RN 438/2018), said in one
 * sentence beside the option and again in the confirmation of a choice that locks.
 */
export const CONSEQUENCE = {
  agree:
    'Você aceita a portabilidade: o novo plano começa na data informada pela operadora, sem novas carências nem cobertura parcial temporária (CPT) para o que já cumpriu no plano de origem, e o plano antigo deve ser cancelado em até 5 dias depois desse início.',
  decline:
    'Você não aceita as condições: a portabilidade não segue e você continua no plano de origem como está; enquanto a solicitação estiver aberta, ainda pode escolher “Estou de acordo”.',
  aware:
    'Você declara ciência das condições: a operadora segue com a portabilidade, e o plano antigo deve ser cancelado em até 5 dias depois do início do novo plano.',
} as const;

/** The confirmation modal's own sentence: the choice locks. */
export const CANNOT_BE_UNDONE = 'Esta escolha não pode ser desfeita.';
