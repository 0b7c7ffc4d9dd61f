/**
 * Date formats of the API (documented in server/README.md):
 * - calendar dates (dtCadastramento, dtAssinatura, dtLimiteResposta, dtConsulta): 'dd/mm/yyyy';
 * - history events (dtEvento): 'dd/mm/yyyy HH:mm'.
 * Both in Brasília time, whatever the server's own time zone is.
 */
const TIME_ZONE = 'America/Sao_Paulo';

const dateParts = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parts(date: Date): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const part of dateParts.formatToParts(date)) out[part.type] = part.value;
  return out;
}

export function formatDate(date: Date): string {
  const p = parts(date);
  return `${p.day}/${p.month}/${p.year}`;
}

export function formatDateTime(date: Date): string {
  const p = parts(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}
