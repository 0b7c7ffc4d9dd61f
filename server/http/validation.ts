/**
 * Request validation with the contract's own schemas. The first problem becomes one
 * sentence naming the field — e.g. "Campo nome: Nome do beneficiário é obrigatório" —
 * because the portal shows a 400's message to the user as it is.
 */
import * as z from 'zod/mini';
import { badRequest } from './http-error.ts';

const portuguese = z.locales.pt();

// Per-parse messages (not z.config) so the shared contract's global settings stay untouched.
const errorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'não informado (obrigatório)';
  const localized = portuguese.localeError(issue);
  return typeof localized === 'string' ? localized : localized?.message;
};

function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '');
}

export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const [first] = issues;
  if (!first) return 'Dados inválidos.';
  const field = fieldName(first.path);
  const head = field ? `Campo ${field}: ${first.message}` : `Dados inválidos: ${first.message}`;
  const others = issues.length - 1;
  return others > 0 ? `${head} (e mais ${others} ${others === 1 ? 'problema' : 'problemas'})` : head;
}

export function parseOrThrow<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { error: errorMap });
  if (!result.success) throw badRequest(describeIssues(result.error.issues));
  return result.data;
}
