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

/**
 * Bounds of what a request may carry (issue 11), shared by the contract (the server answers
 * 400 beyond them) and any screen that wants to stop the typing there.
 */
export const INPUT_BOUNDS = {
  /** Names, addresses, plan and operator names: longer than any real one. */
  text: 200,
  /** A contact: an e-mail address is at most 254 characters (RFC 5321). */
  contact: 254,
  /** A file name as the browser gives it. */
  fileName: 255,
  contacts: 10,
  dependents: 20,
} as const;

/** The largest id a database `integer` column holds (32 bits, signed). */
export const MAX_ID = 2_147_483_647;
