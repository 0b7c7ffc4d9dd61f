import { describe, expect, it } from 'vitest';
import { NOT_INFORMED, cancellationSentence, closingReason, decisionFacts, formatPrice, nextSteps } from '../../machines/tracking.decision';
import type { TrackingInfo } from '../../machines/tracking.types';

/** Noon in Brasília (UTC-3) on the given day, so the day is the same in any runner's zone. */
const brasiliaNoon = (iso: string) => new Date(`${iso}T15:00:00Z`);
const bare = { flStatus: 6, cdStatusPort: 1, flConcordo: null } satisfies Partial<TrackingInfo>;
const decided = {
  ...bare,
  nmPlanoDestino: 'VIDA PLENA MAIS APARTAMENTO',
  nuRegistroPlanoDestino: '481234562',
  dtInicioCobertura: '22/03/2025',
  vlMensalidadeCentavos: 123456,
  dtLimiteCancelamentoPlanoAnterior: '27/03/2025',
} satisfies Partial<TrackingInfo>;
const spaces = (text: string) => text.replace(/\s/g, ' ');

describe("the operator's decision, as the screen says it", () => {
  it('formats the monthly price in reais, pt-BR', () => {
    expect(spaces(formatPrice(61240))).toBe('R$ 612,40');
    expect(spaces(formatPrice(123456))).toBe('R$ 1.234,56');
    expect(spaces(formatPrice(5))).toBe('R$ 0,05');
  });

  it('lists the four facts, and null for each one the operator did not send or sent unreadable', () => {
    expect(decisionFacts(decided).map((fact) => [fact.label, fact.value && spaces(fact.value)])).toEqual([
      ['Plano de destino', 'VIDA PLENA MAIS APARTAMENTO (registro ANS 481234562)'],
      ['Início da cobertura', '22/03/2025'],
      ['Mensalidade', 'R$ 1.234,56'],
      ['Cancelar o plano anterior até', '27/03/2025'],
    ]);
    expect(decisionFacts(bare).map((fact) => fact.value)).toEqual([null, null, null, null]);
    const broken = { ...bare, dtInicioCobertura: '31/02/2025', vlMensalidadeCentavos: 0, nuRegistroPlanoDestino: '481234562' };
    expect(decisionFacts(broken).map((fact) => fact.value)).toEqual(['Registro ANS 481234562', null, null, null]);
    expect(NOT_INFORMED).toBe('Ainda não informado pela operadora.');
  });

  it("judges the deadline by the server's day when the answer says it, not by a phone's clock hours ahead (found by an exploratory run)", () => {
    const answered = { ...decided, dtConsulta: '27/03/2025' };
    expect(cancellationSentence(answered, brasiliaNoon('2025-03-28'))).toBe('Cancele o seu plano anterior até 27/03/2025.');
    expect(cancellationSentence({ ...decided, dtConsulta: '28/03/2025' }, brasiliaNoon('2025-03-27'))).toMatch(/^O prazo .* terminou/);
  });

  it('says when to cancel the old plan: after the new coverage starts, by the last day, and never a date it was not given', () => {
    expect(cancellationSentence(decided, brasiliaNoon('2025-03-10'))).toBe(
      'A cobertura do novo plano começa em 22/03/2025; depois disso, cancele o seu plano anterior até 27/03/2025.',
    );
    expect(cancellationSentence(decided, brasiliaNoon('2025-03-22'))).toBe('Cancele o seu plano anterior até 27/03/2025.');
    expect(cancellationSentence(decided, brasiliaNoon('2025-03-27'), { mayBeDone: true })).toBe(
      'Cancele o seu plano anterior até 27/03/2025, se ainda não o fez.',
    );
    expect(cancellationSentence(decided, brasiliaNoon('2025-03-28'))).toBe(
      'O prazo para cancelar o plano anterior terminou em 27/03/2025. Se ainda não o cancelou, fale com a operadora.',
    );
    const noStart = { ...decided, dtInicioCobertura: undefined };
    expect(cancellationSentence(noStart, brasiliaNoon('2025-03-10'), { ifItGoesAhead: true })).toBe(
      'Se a portabilidade seguir, cancele o seu plano anterior até 27/03/2025, mas só depois que a cobertura do novo plano começar.',
    );
    // The start alone gives no last day: the rule is said, no date is worked out.
    const startOnly = { ...bare, dtInicioCobertura: '22/03/2025' };
    const sentence = cancellationSentence(startOnly, brasiliaNoon('2025-03-10'));
    expect(sentence).toContain('ainda não foi informada pela operadora');
    expect(sentence).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
  });

  it('says what is left in each panel that shows the decision, and not to cancel after a recorded decline', () => {
    const now = brasiliaNoon('2025-03-10');
    expect(nextSteps(decided, now)[0]).toMatch(/escolha 'Estou de acordo' ou 'Não aceito'/);
    expect(nextSteps({ ...decided, cdStatusPort: 2 }, now)[0]).toMatch(/marque 'Estou ciente'/);
    expect(nextSteps(decided, now)[1]).toMatch(/^Se a portabilidade seguir, a cobertura do novo plano começa em 22\/03\/2025/);
    expect(nextSteps({ ...decided, flConcordo: 'S' }, now)).toEqual([
      'A cobertura do novo plano começa em 22/03/2025; depois disso, cancele o seu plano anterior até 27/03/2025.',
    ]);
    expect(nextSteps({ ...decided, flConcordo: 'N' }, now)).toEqual(["Você respondeu 'Não aceito': não cancele o seu plano anterior."]);
    // The operator recorded it (found by a regression walk: told as the person's own answer).
    expect(nextSteps({ ...decided, flConcordo: 'N', flRespostaDaOperadora: true }, now)).toEqual([
      "A operadora registrou a sua resposta 'Não aceito': não cancele o seu plano anterior.",
    ]);
    expect(nextSteps({ ...decided, flStatus: 3, flConcordo: 'S' }, now)[0]).toMatch(/termo e declaração/);
    expect(nextSteps({ ...decided, flStatus: 7, flConcordo: 'S' }, brasiliaNoon('2025-03-23'))).toEqual([
      'Cancele o seu plano anterior até 27/03/2025, se ainda não o fez.',
    ]);
    for (const flStatus of [1, 2, 4, 5]) expect(nextSteps({ ...decided, flStatus }, now)).toEqual([]);
  });

  it("gives a refusal's reason, or says the operator gave none", () => {
    expect(closingReason({ dsMotivo: '  Documentos ilegíveis. ' })).toEqual({ given: true, text: 'Documentos ilegíveis.' });
    expect(closingReason({ dsMotivo: '   ' })).toEqual({ given: false, text: 'A operadora não informou o motivo.' });
    expect(closingReason({})).toEqual({ given: false, text: 'A operadora não informou o motivo.' });
  });
});
