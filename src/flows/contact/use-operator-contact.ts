/**
 * Where a person can be reached at the operator the person came from (issue 26): the
 * footer, the refusal and cancellation screens and the eligibility result read it. Public
 * (no token), quiet (no loading overlay) and silent on failure: the contact is a courtesy on
 * every screen, so a failed read leaves only the ANS line rather than an error toast, and the
 * next screen asks again. One read per plan, kept for 10 minutes, so a change the operator
 * makes reaches the next visit. Undefined until it arrives (and while prerendering).
 */
import { useQuery } from '@tanstack/react-query';
import type { OperatorContact } from '../../../contract/api';
import { apiQuery } from '../../api/query-client';
import { queryClient } from '../../app/services';
import { storage } from '../../storage';
import { normalisePlanCode } from '../branding/use-branding';

const CONTACT_FRESH_MS = 10 * 60_000;

export const operatorContactQuery = (cdEmpresaPlano: string) =>
  apiQuery('contact', { cdEmpresaPlano }, CONTACT_FRESH_MS, { anonymous: true, quiet: true });

export function useOperatorContact(): OperatorContact | undefined {
  const cdEmpresaPlano = normalisePlanCode(storage.get('cdEmpresaPlano'));
  // The app's client, named: a view rendered on its own (tests) reads through the same cache.
  return useQuery(operatorContactQuery(cdEmpresaPlano), queryClient).data;
}
