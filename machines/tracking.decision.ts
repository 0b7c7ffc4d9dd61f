/**
 * What the operator decided (issue 25), as the tracking screen says it: the facts a holder
 * needs before and after choosing (destination plan, start of coverage, monthly price, last
 * day to cancel the old plan), what is still theirs to do and by when, and — for a refused or
 * cancelled request — the operator's reason and where to turn. Pure: the views pass "now".
 *
 * A fact the operator did not send is said to be missing, never derived: the portal does not
 * work out the cancellation day from the start date (whether the start day counts is the
 * operator's to state, and a day too late would cost the holder more than no date).
 * The server's receipt (server/services/receipt.ts) says the same facts and steps on paper.
 */
import { formatDay, panelOf, parseDay, recordedChoice, todayIn, typeCodeOf } from './tracking.helpers';
import { TYPE_CODE_AGREEMENT, type TrackingInfo } from './tracking.types';

type DecisionInfo = Pick<
  TrackingInfo,
  | 'flStatus'
  | 'cdStatusPort'
  | 'flConcordo'
  | 'nmPlanoDestino'
  | 'nuRegistroPlanoDestino'
  | 'dtInicioCobertura'
  | 'vlMensalidadeCentavos'
  | 'dtConsulta'
  | 'dtLimiteCancelamentoPlanoAnterior'
  | 'dsMotivo'
  | 'flRespostaDaOperadora'
>;

export const NOT_INFORMED = 'Ainda não informado pela operadora.';

export interface DecisionFact {
  label: string;
  /** null: the operator has not sent it (the view says NOT_INFORMED). */
  value: string | null;
}

let money: Intl.NumberFormat | undefined;
/** 61240 → 'R$ 612,40' (pt-BR, with the platform's no-break space after R$). Made on first use. */
export function formatPrice(cents: number): string {
  money ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
  return money.format(cents / 100);
}

/** A calendar day as the server sent it, or null when it is absent or not a real 'dd/mm/yyyy'. */
function dayOf(text: string | undefined): number | null {
  return text ? parseDay(text) : null;
}

function planOf(tracking: DecisionInfo): string | null {
  const name = tracking.nmPlanoDestino?.trim();
  const registry = tracking.nuRegistroPlanoDestino?.trim();
  if (name && registry) return `${name} (registro ANS ${registry})`;
  if (name) return name;
  return registry ? `Registro ANS ${registry}` : null;
}

/** The four facts of the decision, in the order a holder weighs them; absent ones are null. */
export function decisionFacts(tracking: DecisionInfo): DecisionFact[] {
  const start = dayOf(tracking.dtInicioCobertura);
  const cancelBy = dayOf(tracking.dtLimiteCancelamentoPlanoAnterior);
  const price = tracking.vlMensalidadeCentavos;
  return [
    { label: 'Plano de destino', value: planOf(tracking) },
    { label: 'Início da cobertura', value: start === null ? null : formatDay(start) },
    { label: 'Mensalidade', value: price !== undefined && Number.isFinite(price) && price > 0 ? formatPrice(price) : null },
    { label: 'Cancelar o plano anterior até', value: cancelBy === null ? null : formatDay(cancelBy) },
  ];
}

interface CancellationOptions {
  /** Before the holder answered: the cancellation follows only if the portability goes ahead. */
  ifItGoesAhead?: boolean;
  /** Once the contract is active the holder may have cancelled already. */
  mayBeDone?: boolean;
}

/**
 * What the holder must do about the old plan, and by when. Never before the new coverage
 * starts (that would leave them uncovered); by the operator's last day when it sent one.
 */
export function cancellationSentence(tracking: DecisionInfo, now: Date, options: CancellationOptions = {}): string {
  // The server's day when it answered: a phone's clock hours off said a deadline was over that was not.
  const today = parseDay(tracking.dtConsulta) ?? todayIn(now);
  const start = dayOf(tracking.dtInicioCobertura);
  const cancelBy = dayOf(tracking.dtLimiteCancelamentoPlanoAnterior);
  if (cancelBy === null) {
    return (
      'A data limite para cancelar o plano anterior ainda não foi informada pela operadora. Não o cancele antes de a cobertura do novo plano ' +
      'começar; pela regra da ANS, o cancelamento deve ser pedido em até 5 dias depois desse início.'
    );
  }
  if (today > cancelBy) {
    return `O prazo para cancelar o plano anterior terminou em ${formatDay(cancelBy)}. Se ainda não o cancelou, fale com a operadora.`;
  }
  const done = options.mayBeDone ? ', se ainda não o fez' : '';
  if (start !== null && today < start) {
    const coverage = options.ifItGoesAhead ? 'Se a portabilidade seguir, a cobertura' : 'A cobertura';
    return `${coverage} do novo plano começa em ${formatDay(start)}; depois disso, cancele o seu plano anterior até ${formatDay(cancelBy)}${done}.`;
  }
  const lead = options.ifItGoesAhead ? 'Se a portabilidade seguir, cancele' : 'Cancele';
  const notBefore = start === null ? ', mas só depois que a cobertura do novo plano começar' : '';
  return `${lead} o seu plano anterior até ${formatDay(cancelBy)}${done}${notBefore}.`;
}

/**
 * What is still the holder's to do, sentence by sentence, for the panels that show the
 * decision (3, 6 and 7). A recorded 'Não aceito' says not to cancel anything.
 */
export function nextSteps(tracking: DecisionInfo, now: Date): string[] {
  switch (panelOf(tracking)) {
    case 'awaitingAcknowledgement': {
      const recorded = recordedChoice(tracking);
      const typeOne = typeCodeOf(tracking) === TYPE_CODE_AGREEMENT;
      if (recorded === 'N' && typeOne)
        return [
          tracking.flRespostaDaOperadora
            ? "A operadora registrou a sua resposta 'Não aceito': não cancele o seu plano anterior."
            : "Você respondeu 'Não aceito': não cancele o seu plano anterior.",
        ];
      if (recorded === 'S') return [cancellationSentence(tracking, now)];
      return [
        typeOne
          ? "Confira estas condições antes de responder: escolha 'Estou de acordo' ou 'Não aceito' e use 'Finalizar'."
          : "Confira estas condições antes de responder: marque 'Estou ciente' e use 'Finalizar'.",
        cancellationSentence(tracking, now, { ifItGoesAhead: true }),
      ];
    }
    case 'accepted':
      return ["Abra e aceite cada termo e declaração abaixo e use 'Finalizar'.", cancellationSentence(tracking, now)];
    case 'contractActive':
      return [cancellationSentence(tracking, now, { mayBeDone: true })];
    default:
      return [];
  }
}

/** The operator's reason for a refusal (4) or cancellation (5), or that it gave none. */
export function closingReason(tracking: Pick<TrackingInfo, 'dsMotivo'>): { given: boolean; text: string } {
  const reason = tracking.dsMotivo?.trim();
  return reason ? { given: true, text: reason } : { given: false, text: 'A operadora não informou o motivo.' };
}

export { DISQUE_ANS } from '../contract/rules';
