/**
 * Where a person can be reached at the operator the person came from (issue 26): the
 * footer, the refusal and cancellation screens and the eligibility result read it. Public
 * (no token), quiet (no loading overlay) and silent on failure: the contact is a courtesy on
 * every screen, so a failed read leaves only the ANS line rather than an error toast. One read
 * per plan, kept for 10 minutes, so a change the operator makes reaches the next visit.
 * Undefined until it arrives (and while prerendering).
 */
import { useEffect, useState } from 'react';
import type { OperatorContact } from '../../../contract/api';
import { callApi } from '../../api/client';
import { storage } from '../../storage';
import { normalisePlanCode } from '../branding/use-branding';

const CONTACT_FRESH_MS = 10 * 60_000;
const reads = new Map<string, { at: number; contact: Promise<OperatorContact | undefined> }>();

function readContact(cdEmpresaPlano: string): Promise<OperatorContact | undefined> {
  const known = reads.get(cdEmpresaPlano);
  if (known && Date.now() - known.at < CONTACT_FRESH_MS) return known.contact;
  const contact = callApi('contact', { cdEmpresaPlano }, { token: null, quiet: true }).catch(() => {
    reads.delete(cdEmpresaPlano); // asked again by the next screen
    return undefined;
  });
  reads.set(cdEmpresaPlano, { at: Date.now(), contact });
  return contact;
}

export function useOperatorContact(): OperatorContact | undefined {
  const [contact, setContact] = useState<OperatorContact | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void readContact(normalisePlanCode(storage.get('cdEmpresaPlano'))).then((value) => {
      if (current) setContact(value);
    });
    return () => {
      current = false;
    };
  }, []);
  return contact;
}
