/**
 * The eligibility check's one way to its actor (DESIGN §2): `EligibilityFlow` starts its
 * machine with the app's one implementation, leaving for home in its "Realizar Solicitação"
 * mode on the plan the person came from; views reach it through `EligibilityActorContext`.
 */
import { createActorContext } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { DEFAULT_CD_EMPRESA_PLANO } from '../../../contract/api';
import { eligibilityMachine } from '../../../machines/eligibility.machine';
import { inspectOption } from '../../app/inspect';
import { storage } from '../../storage';

export const EligibilityActorContext = createActorContext(eligibilityMachine);

export function EligibilityFlow({ children }: { children: ReactNode }) {
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
  return (
    <EligibilityActorContext.Provider logic={logic} options={inspectOption()}>
      {children}
    </EligibilityActorContext.Provider>
  );
}
