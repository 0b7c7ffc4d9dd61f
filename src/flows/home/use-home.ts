/**
 * The home flow for a view: the home machine with the app's implementations, started with
 * the plan code from the route and the mode preset read from storage once, at load.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { inspectOption } from '../../app/inspect';
import { protocolToTrack, storage } from '../../storage';
import { createHomeLogic } from './home-logic';

export function useHomeActor(cdEmpresaPlano: string) {
  const [, navigate] = useLocation();
  // The machine keeps the first implementation it is given; wouter's navigate is one stable
  // function for the router's whole life, so handing it over once is enough.
  const [logic] = useState(() => createHomeLogic({ navigate }));
  const [presetMode] = useState(() => storage.homeModePreset());
  const [presetProtocol] = useState(() => protocolToTrack.take());
  return useActorRef(logic, { ...inspectOption(), input: { cdEmpresaPlano, presetMode, presetProtocol } });
}

export type HomeActorRef = ReturnType<typeof useHomeActor>;
