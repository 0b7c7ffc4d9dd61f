import { describe, expect, it } from 'vitest';
import {
  acceptanceKind,
  acceptanceRecordedMessage,
  allSigned,
  answerClockRuns,
  answerWindow,
  recordedChoice,
  canSign,
  isHttpLink,
  isRestrictedAnswer,
  answerWindowText,
  isAcceptanceRefused,
  panelTitle,
  parseDay,
  seedChoice,
  todayIn,
  typeCodeOf,
  welcomeTitle,
} from '../../machines/tracking.helpers';

/** Noon in Brasília (UTC-3) on the given day, so the day is the same in any runner's zone. */
const brasiliaNoon = (iso: string) => new Date(`${iso}T15:00:00Z`);

describe('tracking rules', () => {
  it('names the panel by status: 3 accepted, 6 finalize, 4/5/7 what they are, anything else under analysis', () => {
    expect(panelTitle({ flStatus: 3 })).toBe('Sua solicitação foi aceita');
    expect(panelTitle({ flStatus: 6 })).toBe('Finalize sua solicitação');
    // 'em análise' would be untrue of a refused, cancelled or active request (issue 13).
    expect(panelTitle({ flStatus: 4 })).toBe('Sua solicitação foi recusada');
    expect(panelTitle({ flStatus: 5 })).toBe('Sua solicitação foi cancelada');
    expect(panelTitle({ flStatus: 7 })).toBe('Seu contrato está ativo');
    for (const flStatus of [0, 1, 2, 8]) expect(panelTitle({ flStatus })).toBe('Sua solicitação está em análise');
    expect(panelTitle(null)).toBe('Sua solicitação está em análise');
  });

  it("runs the operator's answer clock only under analysis (1 and 2)", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].filter((flStatus) => answerClockRuns({ flStatus }))).toEqual([1, 2]);
    expect(answerClockRuns(null)).toBe(false);
  });

  it('reads what the server recorded from flConcordo, and what a generated acceptance says', () => {
    expect([recordedChoice({ flConcordo: 'S' }), recordedChoice({ flConcordo: 'N' }), recordedChoice({ flConcordo: null })]).toEqual([
      'S',
      'N',
      null,
    ]);
    expect(acceptanceRecordedMessage({ cdStatusPort: 1 }, 'N')).toBe("Sua resposta 'Não aceito' foi registrada.");
    expect(acceptanceRecordedMessage({ cdStatusPort: 2 }, 'S')).toBe('Sua ciência foi registrada.');
  });

  it('reads the type code from cdStatusPort, treating anything but 1 as 2', () => {
    expect(typeCodeOf({ cdStatusPort: 1 })).toBe(1);
    expect(typeCodeOf({ cdStatusPort: 2 })).toBe(2);
    expect(typeCodeOf({ cdStatusPort: 9 })).toBe(2);
    expect(acceptanceKind({ cdStatusPort: 1 })).toBe('D');
    expect(acceptanceKind({ cdStatusPort: 2 })).toBe('I');
  });

  it("pre-sets the choice from the server's flConcordo and otherwise keeps the visit's own", () => {
    expect(seedChoice({ flConcordo: 'S' }, null)).toBe('S');
    expect(seedChoice({ flConcordo: 'N' }, 'S')).toBe('N');
    expect(seedChoice({ flConcordo: null }, 'N')).toBe('N');
    expect(seedChoice({ flConcordo: 'X' }, null)).toBeNull();
  });

  it("treats 'ERRO' and an empty answer as a refused acceptance, and a link as success", () => {
    expect(isAcceptanceRefused('ERRO')).toBe(true);
    expect(isAcceptanceRefused(' erro \n')).toBe(true);
    expect(isAcceptanceRefused('')).toBe(true);
    expect(isAcceptanceRefused('https://x.test/aceite.pdf')).toBe(false);
  });

  it('knows when every term is signed (none to sign counts as all)', () => {
    expect(allSigned([])).toBe(true);
    expect(allSigned([{ documento: 'a', linkUrl: '', cdFileDocumento: 1, flAssinado: true }])).toBe(true);
    expect(allSigned([{ documento: 'a', linkUrl: '', cdFileDocumento: 1, flAssinado: false }])).toBe(false);
  });

  it('signs only unsigned terms whose link opens as http(s)', () => {
    for (const link of ['https://x.test/a.pdf', 'http://x.test/a.pdf', '/wslinhafrente/v1/arquivos/a', 'arquivos/a'])
      expect(isHttpLink(link)).toBe(true);
    for (const link of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'vbscript:x'])
      expect(isHttpLink(link)).toBe(false);
    const terms = [
      { documento: 'a', linkUrl: 'https://x.test/a.pdf', cdFileDocumento: 1, flAssinado: false },
      { documento: 'b', linkUrl: 'javascript:alert(1)', cdFileDocumento: 2, flAssinado: false },
      { documento: 'c', linkUrl: 'https://x.test/c.pdf', cdFileDocumento: 3, flAssinado: true },
    ];
    expect([1, 2, 3, 4].map((cd) => canSign(terms, cd))).toEqual([true, false, false, false]);
  });

  it('recognises the anonymous answer of a request that requires login', () => {
    const restricted = { flStatus: 3, cdStatusPort: 1, flConcordo: 'S', cdSolicitacao: null };
    expect(isRestrictedAnswer(restricted)).toBe(true);
    expect(isRestrictedAnswer({ ...restricted, cdSolicitacao: 7 })).toBe(false); // full data: logged in
    expect(isRestrictedAnswer({ ...restricted, cdStatusPort: 2 })).toBe(false);
    expect(isRestrictedAnswer({ ...restricted, flConcordo: null })).toBe(false);
  });

  it('welcomes by operator name, or without it when the lookup failed', () => {
    expect(welcomeTitle('Operadora X ')).toBe('Seja bem-vindo à Operadora X!');
    expect(welcomeTitle('')).toBe('Seja bem-vindo!');
  });
});

describe('the ANS 10-day answer window', () => {
  const history = { dtCadastramento: '02/01/2025', prazoRespostaDias: 10, dtLimiteResposta: '12/01/2025' };

  it("parses the server's dd/mm/yyyy dates (with or without time) and ISO dates, rejecting impossible days", () => {
    expect(parseDay('12/01/2025')).toBe(parseDay('2025-01-12'));
    expect(parseDay('12/01/2025 10:30')).toBe(parseDay('12/01/2025'));
    expect(parseDay('31/02/2025')).toBeNull();
    expect(parseDay('')).toBeNull();
  });

  it("counts today's date in Brasília, not in the runner's zone", () => {
    // 01:00 UTC on the 3rd is still the 2nd in Brasília.
    expect(todayIn(new Date('2025-01-03T01:00:00Z'))).toBe(parseDay('02/01/2025'));
    // The day turns at 03:00 UTC, midnight in Brasília.
    expect(todayIn(new Date('2025-01-03T02:59:59Z'))).toBe(parseDay('02/01/2025'));
    expect(todayIn(new Date('2025-01-03T03:00:00Z'))).toBe(parseDay('03/01/2025'));
  });

  it('counts the days left until the deadline', () => {
    expect(answerWindow(history, brasiliaNoon('2025-01-02'))).toEqual({
      deadline: '12/01/2025',
      daysLeft: 10,
      overdue: false,
      totalDays: 10,
    });
    expect(answerWindow(history, brasiliaNoon('2025-01-11'))?.daysLeft).toBe(1);
    expect(answerWindow(history, brasiliaNoon('2025-01-12'))).toMatchObject({ daysLeft: 0, overdue: false });
    expect(answerWindow(history, brasiliaNoon('2025-01-20'))).toMatchObject({ daysLeft: 0, overdue: true });
  });

  it("counts from the server's day when the answer says it, whatever the device's clock says", () => {
    // A phone whose clock reset to 2000, and one set a year ahead.
    expect(answerWindow({ ...history, dtConsulta: '09/01/2025' }, brasiliaNoon('2000-01-01'))).toMatchObject({
      daysLeft: 3,
      overdue: false,
    });
    expect(answerWindow({ ...history, dtConsulta: '09/01/2025' }, brasiliaNoon('2026-01-09'))).toMatchObject({
      daysLeft: 3,
      overdue: false,
    });
    // An unreadable day is no day: the device's is used.
    expect(answerWindow({ ...history, dtConsulta: '' }, brasiliaNoon('2025-01-11'))?.daysLeft).toBe(1);
  });

  it('falls back to the filing date plus the answer period when the deadline is missing', () => {
    expect(answerWindow({ ...history, dtLimiteResposta: '' }, brasiliaNoon('2025-01-05'))).toMatchObject({
      deadline: '12/01/2025',
      daysLeft: 7,
    });
    expect(answerWindow({ ...history, dtLimiteResposta: '', prazoRespostaDias: 0 }, brasiliaNoon('2025-01-05'))?.totalDays).toBe(10);
    expect(answerWindow({ dtCadastramento: '', prazoRespostaDias: 10, dtLimiteResposta: '' }, new Date())).toBeNull();
    expect(answerWindow(null, new Date())).toBeNull();
  });

  it('says it in words', () => {
    expect(answerWindowText({ deadline: '12/01/2025', daysLeft: 3, overdue: false, totalDays: 10 })).toBe(
      'A operadora tem 10 dias para responder: restam 3 dias (até 12/01/2025).',
    );
    expect(answerWindowText({ deadline: '12/01/2025', daysLeft: 1, overdue: false, totalDays: 10 })).toBe(
      'A operadora tem 10 dias para responder: resta 1 dia (até 12/01/2025).',
    );
    expect(answerWindowText({ deadline: '12/01/2025', daysLeft: 0, overdue: false, totalDays: 10 })).toBe(
      'A operadora tem até hoje (12/01/2025) para responder.',
    );
    expect(answerWindowText({ deadline: '12/01/2025', daysLeft: 0, overdue: true, totalDays: 10 })).toBe(
      'O prazo de 10 dias da operadora para responder terminou em 12/01/2025.',
    );
  });
});
