/**
 * The tracking screen as the app runs it: under the flow's own provider, started with `logic`
 * (the app's implementations with a test's fakes); the actor the views reach and the render
 * (to unmount it, as leaving the route does) are returned.
 */
import { render } from '@testing-library/react';
import { TrackingActorContext, TrackingProvider, type TrackingActor } from '../../../src/flows/tracking/tracking-context';
import type { createTrackingLogic } from '../../../src/flows/tracking/tracking-logic';
import { TrackingScreen } from '../../../src/views/acompanhamento/tracking-screen';

export function renderTrackingScreen(logic: ReturnType<typeof createTrackingLogic>, input: { protocolo: string; cdEmpresaPlano: string }) {
  let actor: TrackingActor | undefined;
  function Probe() {
    actor = TrackingActorContext.useActorRef();
    return null;
  }
  const rendered = render(
    <TrackingProvider logic={logic} input={input}>
      <Probe />
      <TrackingScreen />
    </TrackingProvider>,
  );
  return { actor: actor!, unmount: rendered.unmount };
}
