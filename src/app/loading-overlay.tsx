/**
 * The global loading overlay (SPEC §2 root shell, §4 "Global loading"): shown while the
 * request-activity machine is busy. Full screen, "Carregando... " in white on black at 0.8,
 * clockwise ball-spin, fade-in 300 ms / fade-out 200 ms (styles in src/styles.css).
 */
import { useClientValue } from '../ui/client-value';
import { RequestActivityActorContext } from './request-activity';

export const LOADING_TEXT = 'Carregando... ';

export function LoadingOverlayView({ visible }: { visible: boolean }) {
  return (
    <>
      <div className="loading-overlay" data-visible={visible} data-testid="loading-overlay" aria-hidden="true">
        <div className="ball-spin-clockwise">
          {Array.from({ length: 8 }, (_, i) => (
            <span key={i} />
          ))}
        </div>
        {/* The visible text fades with the backdrop; the live region below is what is announced. */}
        <p className="text-xl font-medium">{LOADING_TEXT}</p>
      </div>
      {/* Always in the tree, so screen readers notice when its text appears. Never aria-busy:
          a busy region is held back until it is not, and by then its text was gone (found by a
          keyboard-only run). */}
      <div role="status" aria-live="polite" className="sr-only">
        {visible ? LOADING_TEXT : ''}
      </div>
    </>
  );
}

export function LoadingOverlay() {
  const busy = RequestActivityActorContext.useSelector((snapshot) => snapshot.matches('busy'));
  // The prerendered page was idle; the first loads start before React has taken it over.
  const visible = useClientValue(busy, false);
  return <LoadingOverlayView visible={visible} />;
}
