/**
 * The tracking screen as the app runs it: under the flow's own context, started with `logic`
 * (the app's implementations with a test's fakes); the actor the views reach is returned.
 */
import { render } from '@testing-library/react';
import { TrackingActorContext, type TrackingActor } from '../../../src/flows/tracking/tracking-context';
import type { createTrackingLogic } from '../../../src/flows/tracking/tracking-logic';
import { TrackingScreen } from '../../../src/views/acompanhamento/tracking-screen';

export function renderTrackingScreen(
  logic: ReturnType<typeof createTrackingLogic>,
  input: { protocolo: string; cdEmpresaPlano: string },
): TrackingActor {
  let actor: TrackingActor | undefined;
  function Probe() {
    actor = TrackingActorContext.useActorRef();
    return null;
  }
  render(
    <TrackingActorContext.Provider logic={logic} options={{ input }}>
      <Probe />
      <TrackingScreen />
    </TrackingActorContext.Provider>,
  );
  return actor!;
}
