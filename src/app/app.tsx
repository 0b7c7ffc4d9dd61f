/**
 * The root shell (SPEC §2): the routed content, the global loading overlay and the toasts.
 * Hash routing: '' → home/1; home/{cdEmpresaPlano}; nova-solicitacao and acompanhamento
 * behind the guard (a stored protocolo and token whose session lives), lazy-loaded so the
 * home stays small.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, use, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { DEFAULT_CD_EMPRESA_PLANO } from '../../contract/api';
import { planCodeOf } from '../../contract/rules';
import { storage } from '../storage';
import { HomePage } from '../views/home/home-page';
import { ChunkErrorBoundary } from './chunk-error-boundary';
import { lazyScreen } from './lazy-screen';
import { LoadingOverlay, LoadingOverlayView } from './loading-overlay';
import { ConnectionNotice } from './connection-notice';
import { RequestActivityFlow } from './request-activity';
import { queryClient } from './services';
import { pruneOrphanFilesSoon } from './draft-files';
import { storedSessionOf, thisTabsSession, useSessionWatch } from './session-watch';
import { SessionWarningDialog } from './session-warning';
import { toastRequests } from './notify';
import { QuietBoundary } from './quiet-boundary';
import { StorageNotice } from './storage-notice';
import { ToastFallback } from './toast-fallback';

const NovaSolicitacaoPage = lazyScreen(() => import('../views/nova-solicitacao/nova-solicitacao-page').then((m) => m.NovaSolicitacaoPage));
const AcompanhamentoPage = lazyScreen(() => import('../views/acompanhamento/acompanhamento-page').then((m) => m.AcompanhamentoPage));
const PrivacidadePage = lazyScreen(() => import('../views/privacidade/privacidade-page').then((m) => m.PrivacidadePage));
const QuemPodePage = lazyScreen(() => import('../views/quem-pode/quem-pode-page').then((m) => m.QuemPodePage));
// Development only (Vite drops it, chunk included, from a production build): the analysts'
// page of machines, with each chart, its spec sheet and the running screens' states.
const MaquinasPage = import.meta.env.DEV ? lazyScreen(() => import('../views/maquinas/maquinas-page').then((m) => m.MaquinasPage)) : null;
/** The toaster's code for one try at loading the toasts (a failed download is not kept for the next try). */
let toasterCode: { attempt: number; module: Promise<typeof import('./toaster')> } | undefined;
function toasterCodeFor(attempt: number) {
  if (toasterCode?.attempt !== attempt) toasterCode = { attempt, module: import('./toaster') };
  return toasterCode.module;
}

function LoadedToaster({ attempt }: { attempt: number }) {
  const { Toaster } = use(toasterCodeFor(attempt));
  return <Toaster />;
}

/**
 * The toaster (and react-hot-toast) load with the first toast, not with the home screen. A
 * download that fails (the server down) shows nothing here, never a blank page: the message
 * goes to the fallback, and the next toast tries again.
 */
function ToasterWhenNeeded() {
  const attempt = useSyncExternalStore(toastRequests.subscribe, toastRequests.attempt, () => 0);
  if (attempt === 0) return null;
  return (
    <QuietBoundary key={attempt}>
      <Suspense fallback={null}>
        <LoadedToaster attempt={attempt} />
      </Suspense>
    </QuietBoundary>
  );
}

export const HOME_PATH = `/home/${DEFAULT_CD_EMPRESA_PLANO}`;

/**
 * SPEC §2 guard: both a stored protocolo and token, else back to the root (→ home/1). The
 * pair counts only while its session lives (src/storage.ts): idle for 30 minutes or past its
 * token's lifetime, it is absent.
 */
function Guarded({ children, followsOneRequest = false }: { children: ReactNode; followsOneRequest?: boolean }) {
  if (!storage.hasSession()) return <Redirect to="/" replace />;
  return <WhileSessionLives followsOneRequest={followsOneRequest}>{children}</WhileSessionLives>;
}

/**
 * The guarded screen, until its session ends while it is open (src/app/session-watch.ts). The
 * tracking screen follows the request it opened on: it goes too once another tab's request
 * takes the one stored session. The wizard follows this tab's request, which another tab's
 * may keep aside for a while.
 */
function WhileSessionLives({ children, followsOneRequest }: { children: ReactNode; followsOneRequest: boolean }) {
  const [deadline] = useState(() => (followsOneRequest ? storedSessionOf(storage.get('protocolo') ?? '') : thisTabsSession()));
  const { ended, warning, dismissWarning } = useSessionWatch(deadline);
  // Its end forgot the tab's draft (src/storage.ts); the files only that draft needed go too.
  useEffect(() => {
    if (ended) pruneOrphanFilesSoon();
  }, [ended]);
  if (ended) return <Redirect to="/" replace />;
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<LoadingOverlayView visible />}>{children}</Suspense>
      <SessionWarningDialog warning={warning} onDismiss={dismissWarning} />
    </ChunkErrorBoundary>
  );
}

/** Home for the plan the route names: '02' is plan 2's home; a code that names no plan, plan 1's. */
function PlanHome({ code }: { code: string }) {
  const plan = planCodeOf(code);
  if (plan === null) return <Redirect to={HOME_PATH} replace />;
  if (plan !== code) return <Redirect to={`/home/${plan}`} replace />;
  // Keyed by plan: another plan code starts a fresh home flow. The boundary covers the home's
  // own lazy parts (protocol step, login fields, access-later modal).
  return (
    <ChunkErrorBoundary key={plan}>
      <HomePage cdEmpresaPlano={plan} />
    </ChunkErrorBoundary>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      {/* Keys: Switch renders one Route at a time; without them React would reuse one
          Route → Redirect instance across matches and a second redirect would never fire. */}
      <Route key="root" path="/">
        <Redirect to={HOME_PATH} replace />
      </Route>
      <Route key="home" path="/home/:cdEmpresaPlano">
        {({ cdEmpresaPlano }) => <PlanHome code={cdEmpresaPlano} />}
      </Route>
      <Route key="nova-solicitacao" path="/nova-solicitacao">
        <Guarded>
          <NovaSolicitacaoPage />
        </Guarded>
      </Route>
      <Route key="acompanhamento" path="/acompanhamento">
        <Guarded followsOneRequest>
          <AcompanhamentoPage />
        </Guarded>
      </Route>
      {/* The privacy page needs no session: it is linked from where data is asked. */}
      <Route key="privacidade" path="/privacidade">
        <ChunkErrorBoundary>
          <Suspense fallback={<LoadingOverlayView visible />}>
            <PrivacidadePage />
          </Suspense>
        </ChunkErrorBoundary>
      </Route>
      {/* The eligibility check needs no session either: it comes before the request. */}
      <Route key="quem-pode" path="/quem-pode">
        <ChunkErrorBoundary>
          <Suspense fallback={<LoadingOverlayView visible />}>
            <QuemPodePage />
          </Suspense>
        </ChunkErrorBoundary>
      </Route>
      {MaquinasPage && (
        <Route key="maquinas" path="/maquinas">
          <Suspense fallback={<LoadingOverlayView visible />}>
            <MaquinasPage />
          </Suspense>
        </Route>
      )}
      <Route key="unknown">
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}

/**
 * `ssrPath`: the route the page's prerendered markup was rendered at (build time, and the
 * hydrating first render, which must match it); the hash takes over right after.
 */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RequestActivityFlow>
        <StorageNotice />
        <Router hook={useHashLocation} ssrPath={ssrPath}>
          <AppRoutes />
        </Router>
        <LoadingOverlay />
        <ToasterWhenNeeded />
        <ToastFallback />
        <ConnectionNotice />
      </RequestActivityFlow>
    </QueryClientProvider>
  );
}
