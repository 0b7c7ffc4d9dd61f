/**
 * The tracking flow for a view: the tracking machine with the app's implementations,
 * started with the stored protocolo and plan code (the route guard guarantees a session).
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { DEFAULT_CD_EMPRESA_PLANO } from '../../../contract/api';
import { inspectOption } from '../../app/inspect';
import { storage } from '../../storage';
import { normalisePlanCode } from '../branding/use-branding';
import { createTrackingLogic } from './tracking-logic';
import { createUnloadWarning } from './unload-warning';

export function useTrackingActor() {
  const [, navigate] = useLocation();
  // The machine keeps the first implementation it is given; wouter's navigate is one stable
  // function for the router's whole life, so handing it over once is enough.
  const [unloadWarning] = useState(() => createUnloadWarning());
  const [logic] = useState(() => createTrackingLogic({ navigate, unloadWarning }));
  // Leaving the route another way (the back button) stops the machine without its exit
  // actions: the prompt must not outlive the screen.
  useEffect(() => () => unloadWarning.disarm(), [unloadWarning]);
  const [input] = useState(() => ({
    protocolo: storage.get('protocolo') ?? '',
    cdEmpresaPlano: normalisePlanCode(storage.get('cdEmpresaPlano') ?? DEFAULT_CD_EMPRESA_PLANO),
  }));
  return useActorRef(logic, { ...inspectOption(), input });
}

export type TrackingActorRef = ReturnType<typeof useTrackingActor>;
