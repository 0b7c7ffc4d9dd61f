/**
 * The new-request wizard screen (SPEC §2 "nova-solicitacao"): the read-only ANS protocol,
 * the stepper, the current step, 'Anterior' / 'Próximo', and the modals. Renders the wizard
 * machine's snapshot and sends its events; the Enter key never submits the form.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Redirect } from 'wouter';
import { STEPS, type StepId, type WizardContext } from '../../../machines/wizard.types';
import type { DraftRevision } from '../../flows/wizard/draft-repair';
import { filesOnlyInTab } from '../../flows/wizard/file-registry';
import { WizardFlow, readWizardStart, useRestoredFiles, type WizardStart } from '../../flows/wizard/wizard-flow';
import { bindWizardHistory, stepIndexOf } from '../../flows/wizard/wizard-history';
import { deviceDraftKept } from '../../flows/wizard/wizard-persistence';
import { notify } from '../../app/notify';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { useClientValue } from '../../ui/client-value';
import { useFocusOnChange } from '../../ui/screen';
import { useRefocusWhenIdle } from '../../ui/focus-lost';
import { ReadOnlyField } from '../../ui/read-only-field';
import { PortalLayout } from '../layout/portal-layout';
import { PrivacyNotice } from '../privacidade/privacy-notice';
import { useFieldHelpTexts, usePrefetchDestinationPlans } from '../../flows/wizard/wizard-help-reads';
import { ErrorSummary } from './error-summary';
import { FieldHelpContext } from './field-help';
import { Glossary } from './glossary';
import { KeepOnDevice } from './keep-on-device';
import { StepDadosPessoais } from './step-dados-pessoais';
import { StepDependentes } from './step-dependentes';
import { StepDocumentos } from './step-documentos';
import { StepPlanoDestino } from './step-plano-destino';
import { StepPlanoOrigem } from './step-plano-origem';
import { STEP_TITLES, Stepper } from './stepper';
import { DraftRevisionNote } from './draft-revision-note';
import { DuplicateModal, NoDocumentsModal, ReviewModal } from './review-modals';
import { HrModal, LeaveModal, PreviewModal, ProtocolModal } from './wizard-modals';
import { useWizard, useWizardActorRef } from '../../flows/wizard/wizard-context';

/** The steps whose fields are typed and checked by 'Próximo' (steps 4 and 5 always pass). */
const FORM_STEPS: ReadonlySet<StepId> = new Set(['dadosPessoais', 'planoOrigem', 'planoDestino']);

const STEP_VIEWS: Record<StepId, () => React.JSX.Element> = {
  dadosPessoais: StepDadosPessoais,
  planoOrigem: StepPlanoOrigem,
  planoDestino: StepPlanoDestino,
  dependentes: StepDependentes,
  documentos: StepDocumentos,
};

/** How long a new step ignores taps: longer than a double tap, shorter than reading its title. */
const TAP_THROUGH_MS = 400;

/** Enter in a field would submit or jump a step: SPEC says it is ignored. */
function ignoreEnter(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && (target.tagName === 'INPUT' || target.tagName === 'SELECT')) event.preventDefault();
}

/** The step the machine shows; outside the steps (sending, a leave question), the last one shown stays under the modal. */
function useShownStep(): StepId {
  const index = useWizard((s) => stepIndexOf(s));
  const shown = index !== null ? STEPS[index]! : null;
  // React's "information from previous renders": the last step shown, kept as state.
  const [last, setLast] = useState<StepId>('documentos');
  if (shown !== null && shown !== last) setLast(shown);
  return shown ?? last;
}

function Wizard({ revise }: { revise: DraftRevision | null }) {
  const actor = useWizardActorRef();
  const step = useShownStep();
  // Stored in this browser: the prerendered page shows the field empty, then React fills it.
  const protocoloAns = useClientValue(
    useWizard((s) => s.context.protocoloAns),
    '',
  );
  const canPrevious = useWizard((s) => s.can({ type: 'PREVIOUS' }));
  const canNext = useWizard((s) => s.can({ type: 'NEXT' }));
  const submitting = useWizard((s) => s.matches('submitting'));
  // Issue 27 item 7: a section opened by the review's 'Alterar' goes back to it on 'Próximo'.
  const fromReview = useWizard((s) => s.context.returnToReview && s.matches('editing'));
  const StepView = STEP_VIEWS[step];
  // A new step: focus goes to its heading, and the live region says which step of five.
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(heading, step);
  // A filing that failed (the toast says why): back on 'Próximo', which tries again.
  const nextButton = useRef<HTMLButtonElement>(null);
  useRefocusWhenIdle(submitting, nextButton);
  const shownStep = useRef(step);
  // A new step's fields take no tap for a moment: the second tap of a quick double tap on
  // 'Anterior' landed on whatever the new step has there (its help opened; found by a
  // regression walk). Keys, and the step buttons, are not held back.
  const [settling, setSettling] = useState(false);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    announce(`Etapa ${STEPS.indexOf(step) + 1} de ${STEPS.length}: ${STEP_TITLES[step]}`);
    setSettling(true);
    const timer = setTimeout(() => setSettling(false), TAP_THROUGH_MS);
    return () => clearTimeout(timer);
  }, [step]);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <ReadOnlyField id="wizard-protocolo-ans" label="Protocolo ANS" value={protocoloAns} className="max-w-xs" />
      <Stepper current={step} />
      <form
        noValidate
        onSubmit={(event) => event.preventDefault()}
        onKeyDown={ignoreEnter}
        aria-labelledby="wizard-step-title"
        className={`space-y-6 rounded-lg bg-white p-[16px] shadow-sm desktop:p-6${settling ? ' pointer-events-none' : ''}`}
      >
        <h2 id="wizard-step-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-brand-700 focus:outline-none">
          {STEP_TITLES[step]}
        </h2>
        {FORM_STEPS.has(step) && (
          <>
            <ErrorSummary step={step} />
            <p className="text-sm text-slate-700">
              Campos com{' '}
              <span aria-hidden="true" className="font-bold text-red-700">
                *
              </span>
              <span className="sr-only">asterisco</span> são obrigatórios.
            </p>
          </>
        )}
        <Glossary />
        {/* LGPD art. 9: said where personal data (the holder's, the dependents') or documents are asked. */}
        {(step === 'dadosPessoais' || step === 'dependentes') && <PrivacyNotice about="dados" />}
        {step === 'documentos' && <PrivacyNotice about="documentos" />}
        {fromReview && (
          <p role="status" className="rounded-md border border-brand-500 bg-brand-50 p-3 text-slate-900">
            Você está corrigindo a partir da conferência: depois de corrigir, clique em 'Próximo' para voltar a ela.
          </p>
        )}
        <DraftRevisionNote revise={revise} onRead={() => heading.current?.focus()} />
        <StepView />
        <KeepOnDevice />
        {/* The step buttons take taps at once: a person going on quickly is not held back. */}
        <div className="pointer-events-auto flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-4">
          {step !== 'dadosPessoais' ? (
            <Button variant="secondary" disabled={!canPrevious} onClick={() => actor.send({ type: 'PREVIOUS' })}>
              Anterior
            </Button>
          ) : (
            <span />
          )}
          <Button ref={nextButton} inactive={!canNext} aria-busy={submitting || undefined} onClick={() => actor.send({ type: 'NEXT' })}>
            Próximo
          </Button>
        </div>
      </form>
      <HrModal />
      <PreviewModal />
      <NoDocumentsModal />
      <ReviewModal />
      <DuplicateModal />
      <ProtocolModal />
      <LeaveModal />
    </div>
  );
}

/** The tab says the step (WCAG 2.4.2), as the live region does when it changes. */
function stepPageTitle(step: StepId): string {
  return `Etapa ${STEPS.indexOf(step) + 1} de ${STEPS.length}: ${STEP_TITLES[step]} - Nova Solicitação`;
}

function allKeptOnDevice(context: WizardContext): boolean {
  const onlyInTab = filesOnlyInTab.now();
  return context.keepOnDevice && deviceDraftKept.now() && !context.attachments.some((a) => !a.uploaded && onlyInTab.includes(a.id));
}

function followDeviceRefusals(listener: () => void): () => void {
  const stopDraft = deviceDraftKept.subscribe(listener);
  const stopFiles = filesOnlyInTab.subscribe(listener);
  return () => {
    stopDraft();
    stopFiles();
  };
}

function WizardScreen({ revise }: { revise: DraftRevision | null }) {
  const actor = useWizardActorRef();
  const step = useShownStep();
  // The operator's help for each field (issue 27 item 5), beside the fields once it arrives.
  const fieldHelp = useFieldHelpTexts();
  usePrefetchDestinationPlans();
  // Each step an entry of the browser's history (issue 27 item 3), from the first paint: a Back
  // pressed as the step appears is the wizard's to answer (a slow CI run pressed it before a
  // passive effect had run, and left without the question).
  // Kept on the device, closing the tab loses nothing, unless the device refused the last
  // draft or a file still to send.
  useLayoutEffect(() => bindWizardHistory(actor, () => allKeptOnDevice(actor.getSnapshot().context), followDeviceRefusals), [actor]);
  return (
    <PortalLayout
      title="Nova Solicitação"
      pageTitle={stepPageTitle(step)}
      onLeave={() => actor.send({ type: 'LEAVE_REQUESTED', via: 'menu' })}
    >
      <FieldHelpContext.Provider value={fieldHelp}>
        <Wizard revise={revise} />
      </FieldHelpContext.Provider>
    </PortalLayout>
  );
}

function RunningWizard({ start, missingFiles }: { start: WizardStart; missingFiles: readonly string[] }) {
  return (
    <WizardFlow start={start} missingFiles={missingFiles}>
      <WizardScreen revise={start.revise} />
    </WizardFlow>
  );
}

/** Once per visit: that the restored draft could not be read (what it asks to revise stays on the page). */
function useDraftNotice(start: WizardStart): void {
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    if (start.unreadable) notify.warning(DRAFT_UNREADABLE, 'wizard-draft-unreadable');
  }, [start]);
}

const DRAFT_UNREADABLE = 'Não foi possível ler o rascunho desta solicitação. Preencha os dados de novo.';

export function NovaSolicitacaoPage() {
  const [start] = useState(readWizardStart);
  useDraftNotice(start);
  const missingFiles = useRestoredFiles(start.attachmentIds);
  if (start.goHome) return <Redirect to={`/home/${start.input.cdEmpresaPlano}`} replace />;
  return missingFiles ? (
    <RunningWizard start={start} missingFiles={missingFiles} />
  ) : (
    <PortalLayout title="Nova Solicitação">
      <p role="status" className="text-slate-700">
        Carregando...
      </p>
    </PortalLayout>
  );
}

export default NovaSolicitacaoPage;
