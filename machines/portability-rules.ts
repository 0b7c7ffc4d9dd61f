/**
 * Business rules shared by the machines, the client contract and the reference server.
 * They live in machines/ because machines may not import src/, while src/ and server/ may
 * import machines/: one definition, every side.
 */

/** SPEC §9: the largest attachment, in bytes (10 MB). */
export const MAX_FILE_BYTES = 10_485_760;

/** The attachment kinds the operator accepts (the server also checks their magic bytes). */
export const ALLOWED_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;

/** CPF check digits (Receita Federal rule); rejects the eleven repeated digits too. */
export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(value[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(value[9]) && check(10) === Number(value[10]);
}
