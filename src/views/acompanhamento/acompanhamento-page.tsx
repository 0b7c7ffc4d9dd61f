/**
 * The tracking route (SPEC §2 "acompanhamento"), lazy-loaded behind the session guard:
 * starts the tracking flow with the stored protocol and renders it.
 */
import { TrackingFlow } from '../../flows/tracking/tracking-context';
import { TrackingScreen } from './tracking-screen';

export function AcompanhamentoPage() {
  return (
    <TrackingFlow>
      <TrackingScreen />
    </TrackingFlow>
  );
}

export default AcompanhamentoPage;
