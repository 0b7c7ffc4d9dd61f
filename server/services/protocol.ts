import { randomInt } from 'node:crypto';

/**
 * A protocol number: 20 random decimal digits from the OS's secure source. Never
 * sequential, since its last 6 digits are the tracking password. The first digit is
 * never 0 so the number survives being read as a number somewhere.
 */
export function newProtocol(): string {
  let out = String(randomInt(1, 10));
  while (out.length < 20) out += String(randomInt(0, 10));
  return out;
}

export function passwordOf(nuProtocolo: string): string {
  return nuProtocolo.slice(-6);
}

/** The protocol as a text message or a subject line may show it: without the last 6 digits (the password). */
export function maskedProtocol(nuProtocolo: string): string {
  return `${nuProtocolo.slice(0, -6)}******`;
}
