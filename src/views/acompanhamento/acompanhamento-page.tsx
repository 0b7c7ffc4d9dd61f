/**
 * The tracking route (SPEC §2 "acompanhamento"), lazy-loaded behind the session guard:
 * starts the tracking flow with the stored protocol and renders it.
 */
import { useTrackingActor } from '../../flows/tracking/use-tracking';
import { TrackingScreen } from './tracking-screen';

export function AcompanhamentoPage() {
  const actor = useTrackingActor();
  return <TrackingScreen actor={actor} />;
}

export default AcompanhamentoPage;
