/**
 * The eligibility check for a view: its machine with the app's one implementation, leaving
 * for home in its "Realizar Solicitação" mode, on the plan the person came from.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { DEFAULT_CD_EMPRESA_PLANO } from '../../../contract/api';
import { eligibilityMachine } from '../../../machines/eligibility.machine';
import { inspectOption } from '../../app/inspect';
import { storage } from '../../storage';

export function useEligibilityActor() {
  const [, navigate] = useLocation();
  // wouter's navigate is one stable function: handing it over once is enough.
  const [logic] = useState(() =>
    eligibilityMachine.provide({
      actions: {
        goToNewRequest: () => {
          storage.set('type', 'new');
          navigate(`/home/${storage.get('cdEmpresaPlano') || DEFAULT_CD_EMPRESA_PLANO}`);
        },
      },
    }),
  );
  return useActorRef(logic, inspectOption());
}

export type EligibilityActorRef = ReturnType<typeof useEligibilityActor>;
