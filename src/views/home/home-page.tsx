/**
 * The home screen (SPEC §2 "Home"): the operator's header and welcome, then one of three
 * modes — home (two buttons), new ('Solicitar Portabilidade') or track ('Acompanhar
 * Portabilidade') — and the 'Prezado Cliente' access-later modal. It renders the home
 * machine's snapshot and sends its events; the flow itself lives in machines/home.machine.ts.
 */
import { useSelector } from '@xstate/react';
import { Suspense, lazy, memo, useEffect, useRef, useState } from 'react';
import { APP_VERSION } from '../../app/version';
import { HOME_BRANDING, useBranding } from '../../flows/branding';
import { HomeActorContext, HomeFlow } from '../../flows/home/home-context';
import { Button } from '../../ui/button';
import { useScreenTitle } from '../../ui/screen';
import { HomeHeader } from './home-header';

export const HOME_TITLE = { home: 'Portabilidade', new: 'Solicitar Portabilidade', track: 'Acompanhar Portabilidade' } as const;
/** The tab's title per mode (home mode's header says only the application's name). */
const DOCUMENT_TITLE = { home: 'Início', new: HOME_TITLE.new, track: HOME_TITLE.track } as const;

type Mode = keyof typeof HOME_TITLE;

// The protocol step is its own chunk: the first screen only shows the two buttons. It starts
// loading as soon as a pointer or the keyboard reaches them, before the click lands.
const loadProtocolStep = () => import('./protocol-step');
const ProtocolStep = lazy(() => loadProtocolStep().then((m) => ({ default: m.ProtocolStep })));
const prefetchProtocolStep = () => void loadProtocolStep();
// "Esqueci meu protocolo" (issue 26) shows only in track mode: not in home's first load.
const ForgotProtocol = lazy(() => import('./forgot-protocol').then((m) => ({ default: m.ForgotProtocol })));

function ModeChooser({ focusOnMount }: { focusOnMount: boolean }) {
  const actor = HomeActorContext.useActorRef();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnMount) box.current?.querySelector('button')?.focus();
  }, [focusOnMount]);
  return (
    <div
      ref={box}
      className="flex flex-col gap-4 sm:flex-row"
      onPointerEnter={prefetchProtocolStep}
      onPointerDown={prefetchProtocolStep}
      onFocus={prefetchProtocolStep}
    >
      <Button className="flex-1 py-3 text-lg" onClick={() => actor.send({ type: 'CHOOSE_NEW' })}>
        Realizar Solicitação
      </Button>
      <Button variant="secondary" className="flex-1 py-3 text-lg" onClick={() => actor.send({ type: 'CHOOSE_TRACK' })}>
        Acompanhar Solicitação
      </Button>
    </div>
  );
}

/**
 * A mode's lazy parts: the protocol step and, in track mode, "Esqueci meu protocolo".
 * Memoised, so they re-render only when their own props change. On a prerendered page React
 * keeps their markup while their chunk loads only as long as their Suspense boundary gets no
 * update: an answer arriving before the chunk (the operator's name re-renders the screen)
 * would otherwise make React drop the painted field for the empty fallback and paint it again
 * when the chunk lands, and everything below it would jump twice.
 */
const ModeSteps = memo(function ModeSteps({
  mode,
  focusField,
  cdEmpresaPlano,
}: {
  mode: Exclude<Mode, 'home'>;
  focusField: boolean;
  cdEmpresaPlano: string;
}) {
  return (
    <>
      <Suspense fallback={null}>
        <ProtocolStep kind={mode} focusField={focusField} />
      </Suspense>
      {mode === 'track' && (
        <Suspense fallback={null}>
          <ForgotProtocol cdEmpresaPlano={cdEmpresaPlano} />
        </Suspense>
      )}
    </>
  );
});

const AccessLaterModal = lazy(() => import('./access-later-modal').then((m) => ({ default: m.AccessLaterModal })));

/** Mounted only while the machine shows it. */
function AccessLaterModalWhenOpen() {
  const actor = HomeActorContext.useActorRef();
  const open = useSelector(actor, (s) => s.matches({ track: 'accessLaterModal' }));
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AccessLaterModal />
    </Suspense>
  );
}

export function HomePage({ cdEmpresaPlano }: { cdEmpresaPlano: string }) {
  return (
    <HomeFlow cdEmpresaPlano={cdEmpresaPlano}>
      <HomeScreen cdEmpresaPlano={cdEmpresaPlano} />
    </HomeFlow>
  );
}

function HomeScreen({ cdEmpresaPlano }: { cdEmpresaPlano: string }) {
  const actor = HomeActorContext.useActorRef();
  const { logoUrl, operatorName } = useBranding(cdEmpresaPlano, HOME_BRANDING);
  const mode = useSelector(actor, (s): Mode => (s.matches('newRequest') ? 'new' : s.matches('track') ? 'track' : 'home'));
  useScreenTitle(DOCUMENT_TITLE[mode]);
  // Focus follows the user's own mode changes (e.g. 'Retornar'), not the first render.
  // The mode home opened in (a preset) leaves focus where arrival put it (the heading); a mode
  // the user picks here takes focus to its field.
  const [openedIn] = useState(mode);
  const [modeChosenHere, setModeChosenHere] = useState(false);
  if (!modeChosenHere && mode !== openedIn) setModeChosenHere(true);
  // Back on the choice of modes after being in one (opened in it or chosen here).
  const [beenInAMode, setBeenInAMode] = useState(mode !== 'home');
  if (!beenInAMode && mode !== 'home') setBeenInAMode(true);
  const returnedHome = mode === 'home' && beenInAMode;

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-800">
      <HomeHeader title={HOME_TITLE[mode]} logoUrl={logoUrl} operatorName={operatorName} />
      {/* Side gutters in px: grown with the text (64 px more at 200 %), they left a phone's
          large font no room for 'Acompanhar' inside its button. */}
      <main className="mx-auto w-full max-w-xl flex-1 px-[16px] py-8">
        {/* The name arrives after the first paint: its line is reserved, so nothing below moves. */}
        <p className="mb-6 text-lg text-slate-700" data-testid="welcome">
          Bem-vindo(a) ao portal de portabilidade{' '}
          <span className="block min-h-7 font-semibold">{operatorName ? `da ${operatorName}` : ''}</span>
        </p>
        <section aria-label={HOME_TITLE[mode]} className="rounded-lg border border-slate-200 bg-white p-[24px] shadow-sm">
          {mode === 'home' && <ModeChooser focusOnMount={returnedHome} />}
          {mode !== 'home' && <ModeSteps key={mode} mode={mode} focusField={modeChosenHere} cdEmpresaPlano={cdEmpresaPlano} />}
        </section>
      </main>
      <footer className="px-4 py-3 text-right text-sm text-slate-600">
        Versão <span data-testid="app-version">{APP_VERSION}</span>
      </footer>
      <AccessLaterModalWhenOpen />
    </div>
  );
}
