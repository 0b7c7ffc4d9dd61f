/**
 * The tracking screen (SPEC §2 "acompanhamento") for a running tracking actor: the four
 * fields, then — once a protocol is known and every load has answered — the documents
 * panel titled by status, and the closing modals. It renders the snapshot and sends events; the rules live in the machine.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { panelOf, panelTitle, type Panel } from '../../../machines/tracking.helpers';
import { WITHDRAWAL, isWithdrawn } from '../../../machines/tracking.terms-and-withdrawal';
import { TEXT } from '../../../machines/tracking.types';
import { isAwaitingDocuments } from '../../../machines/tracking.pending';
import { focusLost } from '../../ui/focus-lost';
import { Button } from '../../ui/button';
import { PortalLayout } from '../layout/portal-layout';
import { ReceiptDownload } from '../receipt/receipt-download';
import { Acknowledgement } from './acknowledgement';
import { ClosingRecourse } from './closing-recourse';
import { DecisionFacts } from './decision-facts';
import { DocumentsTable } from './documents-table';
import { HistoryTimeline } from './history-timeline';
import { PendingDocuments } from './pending-documents';
import { TermsList } from './terms-list';
import { TrackingActorContext } from '../../flows/tracking/tracking-context';
import { TrackingFields } from './tracking-fields';
import { TrackingModals } from './tracking-modals';
import { WithdrawConfirmation, WithdrawSection, WithdrawnNote } from './withdrawal';

function PanelActions() {
  const actor = TrackingActorContext.useActorRef();
  const panel = useSelector(actor, (s) => panelOf(s.context.tracking));
  const canFinalize = useSelector(actor, (s) => s.can({ type: 'FINALIZE' }));
  const canReturn = useSelector(actor, (s) => s.can({ type: 'RETURN' }));
  const acceptanceLink = useSelector(actor, (s) => s.context.acceptanceLink);
  const finishing = panel === 'accepted' || panel === 'awaitingAcknowledgement';
  return (
    <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-4">
      {acceptanceLink && (
        <Button variant="link" className="mr-auto" onClick={() => actor.send({ type: 'VIEW_DOCUMENT', linkUrl: acceptanceLink })}>
          Ver documento de aceite<span className="sr-only"> (abre em nova aba)</span>
        </Button>
      )}
      {panel === 'awaitingAcknowledgement' && (
        <Button variant="secondary" disabled={!canReturn} onClick={() => actor.send({ type: 'RETURN' })}>
          {TEXT.leave}
        </Button>
      )}
      {finishing ? (
        <Button inactive={!canFinalize} onClick={() => actor.send({ type: 'FINALIZE' })}>
          {TEXT.finalize}
        </Button>
      ) : (
        <Button disabled={!canReturn} onClick={() => actor.send({ type: 'RETURN' })}>
          {TEXT.back}
        </Button>
      )}
    </div>
  );
}

/**
 * What the closing statuses mean (SPEC would call them 'em análise'); what comes next is in
 * ClosingRecourse (4, 5) and DecisionFacts (7: the old plan may still have to be cancelled).
 */
const PANEL_NOTES: Partial<Record<Panel, string>> = {
  refused: 'A operadora recusou esta solicitação de portabilidade, que não seguirá adiante.',
  cancelled: 'Esta solicitação de portabilidade foi cancelada e não seguirá adiante.',
  contractActive: 'A portabilidade foi concluída: seu contrato está ativo e apto para utilização.',
};

/** The panels that show the operator's decision, before the choice or the terms it informs. */
const DECIDED_PANELS: ReadonlySet<Panel> = new Set(['awaitingAcknowledgement', 'accepted', 'contractActive']);

/** How many times a panel was shown in this page: a later one follows an action's reload. */
let panelLoads = 0;

function DocumentsPanel() {
  const actor = TrackingActorContext.useActorRef();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useSelector(actor, (s) => panelOf(s.context.tracking));
  const withdrawn = useSelector(actor, (s) => isWithdrawn(s.context.tracking));
  const withdrawnAt = useSelector(actor, (s) => s.context.tracking?.dtDesistencia);
  const title = useSelector(actor, (s) => (isWithdrawn(s.context.tracking) ? WITHDRAWAL.panel : panelTitle(s.context.tracking)));
  const afterAcceptance = useSelector(actor, (s) => s.context.acceptanceLink !== null);
  const awaitingDocuments = useSelector(actor, (s) => isAwaitingDocuments(s.context.tracking));
  // Back after recording an acknowledgement, or any reload after an action (a withdrawal, a
  // send read back) that left focus on the page: start from the new state. The panel mounts
  // once per load, so this runs once per load; the page's first load leaves focus alone.
  const reload = useRef(panelLoads > 0);
  useEffect(() => {
    panelLoads += 1;
    if (afterAcceptance || (reload.current && focusLost())) heading.current?.focus();
  }, [afterAcceptance]);
  const note = withdrawn ? undefined : PANEL_NOTES[panel];
  return (
    <section
      aria-labelledby={headingId}
      data-panel={panel}
      className="space-y-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm desktop:p-6"
    >
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold text-brand-700 outline-none">
        {title}
      </h2>
      {note && (
        <p className="text-slate-800" data-testid="panel-note">
          {note}
        </p>
      )}
      {DECIDED_PANELS.has(panel) && <DecisionFacts />}
      {withdrawn && <WithdrawnNote when={withdrawnAt} />}
      {(panel === 'refused' || (panel === 'cancelled' && !withdrawn)) && <ClosingRecourse />}
      {awaitingDocuments && <PendingDocuments />}
      <DocumentsTable />
      <TrackingReceipt />
      {panel === 'accepted' && <TermsList />}
      {(panel === 'accepted' || panel === 'awaitingAcknowledgement') && <Acknowledgement />}
      <HistoryTimeline />
      {/* Shown only under analysis (1, 2), whichever panel a status of those gets. */}
      <WithdrawSection />
      <PanelActions />
    </section>
  );
}

/** The receipt of what was filed (issue 25), with the stored token the lookups keep fresh. */
function TrackingReceipt() {
  const actor = TrackingActorContext.useActorRef();
  const protocolo = useSelector(actor, (s) => s.context.tracking?.nuProtocolo ?? '');
  return <ReceiptDownload protocolo={protocolo} />;
}

function LoadFailed() {
  const actor = TrackingActorContext.useActorRef();
  // A re-read that failed (after a refused action, or back to a hidden tab) took away the control
  // that had focus: it goes to 'Tentar novamente', not to the page (found by a regression walk).
  const retry = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusLost()) retry.current?.focus();
  }, []);
  return (
    <div role="alert" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <p>Não foi possível carregar a sua solicitação.</p>
      <div className="flex flex-wrap gap-3">
        <Button ref={retry} onClick={() => actor.send({ type: 'RETRY' })}>
          Tentar novamente
        </Button>
        <Button variant="secondary" onClick={() => actor.send({ type: 'RETURN' })}>
          {TEXT.back}
        </Button>
      </div>
    </div>
  );
}

function LoginRequired() {
  const actor = TrackingActorContext.useActorRef();
  return (
    <div role="alert" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <p>
        Seu acesso a esta solicitação expirou. Faça login novamente com o CPF e a senha (os 6 últimos dígitos do protocolo de portabilidade,
        enviado no seu e-mail).
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => actor.send({ type: 'LOG_IN_AGAIN' })}>Fazer login</Button>
        <Button variant="secondary" onClick={() => actor.send({ type: 'RETURN' })}>
          {TEXT.back}
        </Button>
      </div>
    </div>
  );
}

export function TrackingScreen() {
  const actor = TrackingActorContext.useActorRef();
  const hasProtocol = useSelector(actor, (s) => Boolean(s.context.tracking?.nuProtocolo));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const loginRequired = useSelector(actor, (s) => s.matches('loginRequired'));
  const loading = useSelector(actor, (s) => s.matches('loading'));
  return (
    <PortalLayout
      title={TEXT.screenTitle}
      focusTitleOnEntry
      onLeave={() => actor.send({ type: 'RETURN' })}
      onEndSession={() => actor.send({ type: 'END_SESSION' })}
    >
      <div className="mx-auto max-w-5xl space-y-6" aria-busy={loading}>
        <TrackingFields />
        {failed && <LoadFailed />}
        {loginRequired && <LoginRequired />}
        {/* Shown once every load has answered, so it appears whole instead of growing (CLS). */}
        {hasProtocol && !loading && !failed && !loginRequired && <DocumentsPanel />}
      </div>
      <TrackingModals />
      <WithdrawConfirmation />
    </PortalLayout>
  );
}
