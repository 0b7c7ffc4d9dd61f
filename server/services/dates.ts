/**
 * Date formats of the API (documented in server/README.md):
 * - calendar dates (dtCadastramento, dtAssinatura, dtLimiteResposta): 'dd/mm/yyyy';
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

/**
 * Intl's formatToParts was the costliest step of a tracking lookup answered from memory
 * (~8% of its CPU), always for the same few instants (filing dates, history events): the
 * parts of recent instants are kept. Time-zone rules are fixed for a past instant.
 */
const PARTS_KEPT = 2_000;
const keptParts = new Map<number, Readonly<Record<string, string>>>();

function parts(date: Date): Readonly<Record<string, string>> {
  const time = date.getTime();
  const kept = keptParts.get(time);
  if (kept) return kept;
  const out: Record<string, string> = {};
  for (const part of dateParts.formatToParts(date)) out[part.type] = part.value;
  if (keptParts.size >= PARTS_KEPT) keptParts.delete(keptParts.keys().next().value as number);
  keptParts.set(time, out);
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
