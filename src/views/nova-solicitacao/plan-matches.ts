/**
 * Which destination plans a search shows (issue 27 item 5): every word typed must appear in
 * the plan's name, accents and case aside ("vida apto" finds "VIDA PLENA MAIS APARTAMENTO"
 * only if both words are there), or the digits typed must appear in its ANS registry. At most
 * `limit`, so a long catalogue never makes a list too long to read on a phone.
 */
import type { DestinationPlanOption } from '../../../contract/api';

export const PLAN_MATCH_LIMIT = 50;
/** The search field's label (the browser tests find it by it). */
export const PLAN_SEARCH_LABEL = 'Buscar o plano de destino';

/** Lower case without accents: "Básico" and "BASICO" are the same word to a search. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function matchPlans(
  plans: readonly DestinationPlanOption[],
  query: string,
  limit: number = PLAN_MATCH_LIMIT,
): DestinationPlanOption[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return plans.slice(0, limit);
  const digits = /^\d+$/.test(query.trim()) ? query.trim() : null;
  return plans
    .filter(
      (plan) => (digits !== null && plan.registroAns.includes(digits)) || words.every((word) => foldForSearch(plan.nmPlano).includes(word)),
    )
    .slice(0, limit);
}
