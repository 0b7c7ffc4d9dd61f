/**
 * The tracking flow's one way to its actor (DESIGN §2): `TrackingFlow` starts the tracking
 * machine with the app's implementations, the stored protocolo and plan code (the route guard
 * guarantees a session); every view under it reaches the actor through `TrackingActorContext`.
 * `TrackingProvider` is that start without the route's own inputs (tests render it with fakes).
 */
import { createActorContext } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useLocation } from 'wouter';
import { DEFAULT_CD_EMPRESA_PLANO } from '../../../contract/api';
import { trackingMachine } from '../../../machines/tracking.machine';
import { inspectOption } from '../../app/inspect';
import { storage } from '../../storage';
import { normalisePlanCode } from '../branding/use-branding';
import { heldPendingFileIds } from '../../../machines/tracking.pending';
import { createTrackingLogic, endTrackingSessionAfterWrites, releasePendingFile } from './tracking-logic';
import { createUnloadWarning } from './unload-warning';
import { useScreenReturn } from './screen-return';

export const TrackingActorContext = createActorContext(trackingMachine);

/** Any running tracking actor: the app's (real actors) or a test's (fakes). */
export type TrackingActor = ActorRefFrom<typeof trackingMachine>;

/**
 * Leaving the route stops the machine without its exit actions (XState 5): the status 2 panel's
 * files would stay in this tab's memory. A shared phone keeps nothing of a request once its
 * screen is left, so what the stopped actor still held is let go here.
 */
function ReleaseHeldFilesOnLeave() {
  const actor = TrackingActorContext.useActorRef();
  useEffect(() => () => heldPendingFileIds(actor.getSnapshot().context).forEach(releasePendingFile), [actor]);
  return null;
}

/** Back to the screen after a while away: the machine decides whether to read it again. */
function ReadAgainOnReturn() {
  useScreenReturn(TrackingActorContext.useActorRef());
  return null;
}

/** The tracking actor for the views under it, started with `logic` (the app's, or a test's with fakes). */
export function TrackingProvider({
  logic,
  input,
  children,
}: {
  logic: ReturnType<typeof createTrackingLogic>;
  input: { protocolo: string; cdEmpresaPlano: string };
  children: ReactNode;
}) {
  return (
    <TrackingActorContext.Provider logic={logic} options={{ ...inspectOption(), input }}>
      <ReleaseHeldFilesOnLeave />
      <ReadAgainOnReturn />
      {children}
    </TrackingActorContext.Provider>
  );
}

/**
 * Every way out of the screen to home ends the session ('Retornar', 'Sair', 'Encerrar
 * sessão'); the browser's Back is the phone's usual one, and it left the session live, so the
 * next person's Forward opened the request again (found by an exploratory run). Only home
 * counts: a link to another page (the privacy notice) is no leaving.
 */
function useEndSessionOnBackHome(protocolo: string) {
  // At unmount, where the route went is already in the URL (the router re-renders on the
  // history's own event, before a listener of ours would hear it).
  useEffect(
    () => () => {
      if (/^#?\/?(home(\/|$)|$)/.test(window.location.hash)) endTrackingSessionAfterWrites(protocolo);
    },
    [protocolo],
  );
}

export function TrackingFlow({ children }: { children: ReactNode }) {
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
  useEndSessionOnBackHome(input.protocolo);
  return (
    <TrackingProvider logic={logic} input={input}>
      {children}
    </TrackingProvider>
  );
}
