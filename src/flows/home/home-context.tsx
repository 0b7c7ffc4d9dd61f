/**
 * The home flow's one way to its actor (DESIGN §2): `HomeFlow` starts the home machine with
 * the app's implementations, the plan code from the route and the mode preset read from
 * storage once, at load; every view under it reaches the actor through `HomeActorContext`.
 */
import { createActorContext } from '@xstate/react';
import { useCallback, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useLocation } from 'wouter';
import { homeMachine } from '../../../machines/home.machine';
import type { HomeInput } from '../../../machines/home.types';
import { inspectOption } from '../../app/inspect';
import { protocolToTrack, storage } from '../../storage';
import { createHomeLogic } from './home-logic';
import { TypedElsewhere, TypedExpiry } from './typed-expiry';

export const HomeActorContext = createActorContext(homeMachine);

export type HomeActorRef = ActorRefFrom<typeof homeMachine>;

export function HomeFlow({ cdEmpresaPlano, children }: { cdEmpresaPlano: string; children: ReactNode }) {
  const [, navigate] = useLocation();
  // The machine keeps the first implementation it is given; wouter's navigate is one stable
  // function for the router's whole life, so handing it over once is enough.
  const [logic] = useState(() => createHomeLogic({ navigate }));
  const [start, setStart] = useState<{ input: HomeInput; generation: number }>(() => ({
    input: { cdEmpresaPlano, presetMode: storage.homeModePreset(), presetProtocol: protocolToTrack.take() },
    generation: 0,
  }));
  // Left idle with something typed: a fresh home, in home mode, with nothing typed (typed-expiry.tsx).
  const forgetTyped = useCallback(() => {
    storage.remove('type');
    setStart(({ generation }) => ({ input: { cdEmpresaPlano, presetMode: 'home', presetProtocol: '' }, generation: generation + 1 }));
  }, [cdEmpresaPlano]);
  // Typed in a form with an actor of its own ('Esqueci meu protocolo'): forgotten as the rest is,
  // since starting home afresh starts its forms afresh too.
  const [typedElsewhere, setTypedElsewhere] = useState(false);
  return (
    <HomeActorContext.Provider key={start.generation} logic={logic} options={{ ...inspectOption(), input: start.input }}>
      <TypedElsewhere.Provider value={setTypedElsewhere}>{children}</TypedElsewhere.Provider>
      <TypedExpiry onEnded={forgetTyped} elsewhere={typedElsewhere} />
    </HomeActorContext.Provider>
  );
}
