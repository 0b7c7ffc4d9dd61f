/**
 * Where a person can be reached at each operator (issue 26): read for the portal
 * (GET portabilidade/utils/contato), written into every message (services/status-notifications.ts,
 * services/protocol-email.ts), and set by the back-office (`backoffice contato`). Seeded with
 * demo values (seed/reference-data.ts), never overwritten by a restart.
 */
import type { Queryable } from '../db/database.ts';
import type { OperatorContact } from '../../contract/api.ts';
import { isPlainEmail } from '../../contract/rules.ts';

/** The flags of `backoffice contato`, as typed. */
export interface ContactFlags {
  telefone?: string;
  whatsapp?: string;
  horario?: string;
  ouvidoria?: string;
  email?: string;
}

export const CONTACT_FIELDS = ['telefone', 'whatsapp', 'horario', 'ouvidoria', 'email'] as const;
const COLUMN: Record<(typeof CONTACT_FIELDS)[number], string> = {
  telefone: 'ds_telefone',
  whatsapp: 'ds_whatsapp',
  horario: 'ds_horario',
  ouvidoria: 'ds_ouvidoria',
  email: 'ds_email',
};

export class ContactError extends Error {}

/** A phone as people write it: digits, spaces, parentheses, dots, hyphens, a leading +; 8 to 15 digits. */
const PHONE = /^\+?[\d\s().-]{8,25}$/;
const MAX_HOURS_LENGTH = 200;
// eslint-disable-next-line no-control-regex -- control characters are exactly what a contact may not hold
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function checkPhone(flag: string, value: string): string {
  const digits = value.replace(/\D/g, '').length;
  if (!PHONE.test(value) || digits < 8 || digits > 15) {
    throw new ContactError(`--${flag} deve ser um telefone (8 a 15 dígitos; espaços, parênteses e hífens são aceitos), ou "" para nenhum.`);
  }
  return value;
}

/** Checks each flag given; '' clears a field (the operator has no such channel). */
export function parseContactFlags(flags: ContactFlags): Partial<Record<(typeof CONTACT_FIELDS)[number], string>> {
  const change: Partial<Record<(typeof CONTACT_FIELDS)[number], string>> = {};
  for (const field of CONTACT_FIELDS) {
    const raw = flags[field];
    if (raw === undefined) continue;
    const value = raw.trim().replace(/\s+/g, ' ');
    if (CONTROL.test(raw) || value.length > MAX_HOURS_LENGTH) {
      throw new ContactError(`--${field}: texto de até ${MAX_HOURS_LENGTH} caracteres, sem caracteres de controle.`);
    }
    if (value === '') change[field] = '';
    else if (field === 'email') {
      if (!isPlainEmail(value)) throw new ContactError('--email deve ser um endereço simples (nome@dominio), ou "" para nenhum.');
      change[field] = value;
    } else if (field === 'horario') change[field] = value;
    else change[field] = checkPhone(field, value);
  }
  return change;
}

export async function findOperatorContact(db: Queryable, cdEmpresaPlano: number): Promise<OperatorContact | null> {
  const [row] = await db.query<OperatorContact>(
    `SELECT o.nm_operadora AS operadora, coalesce(c.ds_telefone, '') AS telefone, coalesce(c.ds_whatsapp, '') AS whatsapp,
            coalesce(c.ds_horario, '') AS horario, coalesce(c.ds_ouvidoria, '') AS ouvidoria, coalesce(c.ds_email, '') AS email
       FROM operators o LEFT JOIN operator_contacts c USING (cd_empresa_plano)
      WHERE o.cd_empresa_plano = $1`,
    [cdEmpresaPlano],
  );
  return row ?? null;
}

/** Sets the fields given (the others stay); returns the contact as it now is, or null for an unknown plan. */
export async function saveOperatorContact(
  db: Queryable,
  cdEmpresaPlano: number,
  flags: ContactFlags,
  now: Date,
): Promise<OperatorContact | null> {
  const change = parseContactFlags(flags);
  if (!(await findOperatorContact(db, cdEmpresaPlano))) return null;
  await db.query(
    `INSERT INTO operator_contacts (cd_empresa_plano, ds_telefone, ds_whatsapp, ds_horario, ds_ouvidoria, ds_email)
     VALUES ($1, '', '', '', '', '') ON CONFLICT DO NOTHING`,
    [cdEmpresaPlano],
  );
  const fields = Object.entries(change) as Array<[(typeof CONTACT_FIELDS)[number], string]>;
  if (fields.length) {
    const sets = fields.map(([field], index) => `${COLUMN[field]} = $${index + 3}`).join(', ');
    await db.query(`UPDATE operator_contacts SET dt_atualizacao = $2, ${sets} WHERE cd_empresa_plano = $1`, [
      cdEmpresaPlano,
      now,
      ...fields.map(([, value]) => value),
    ]);
  }
  return findOperatorContact(db, cdEmpresaPlano);
}

/** The contact as lines of a message ("Central: …"), only the channels the operator has. */
export function contactLines(contact: OperatorContact | null): string[] {
  if (!contact) return [];
  return [
    contact.telefone
      ? `Central de atendimento ${contact.operadora}: ${contact.telefone}${contact.horario ? ` (${contact.horario})` : ''}`
      : null,
    contact.whatsapp ? `WhatsApp: ${contact.whatsapp}` : null,
    contact.email ? `E-mail: ${contact.email}` : null,
    contact.ouvidoria ? `Ouvidoria: ${contact.ouvidoria}` : null,
  ].filter((line): line is string => line !== null);
}
