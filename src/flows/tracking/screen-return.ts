/**
 * The tracking screen shown again (a tab or an app switched back to): how long it was hidden
 * goes to the machine, which reads the request again when that is long enough and nothing is
 * on its way (machines/tracking.machine.ts, SCREEN_SHOWN_AGAIN). Another tab may have signed or
 * finished the request meanwhile, or the operator moved it on (found by an exploratory run: the
 * panel stayed as it was).
 */
import { useEffect } from 'react';
import type { TrackingActor } from './tracking-context';

export function useScreenReturn(actor: TrackingActor): void {
  useEffect(() => {
    let hiddenAt: number | null = document.visibilityState === 'hidden' ? Date.now() : null;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = Date.now();
        return;
      }
      if (hiddenAt === null) return;
      const awayMs = Date.now() - hiddenAt;
      hiddenAt = null;
      actor.send({ type: 'SCREEN_SHOWN_AGAIN', awayMs });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [actor]);
}
