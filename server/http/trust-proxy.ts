/**
 * TRUST_PROXY: which reverse proxies may tell the client's address (`X-Forwarded-For`) and
 * scheme (`X-Forwarded-Proto`). Either a hop count (`1`: the one proxy in front; its peer's
 * word is taken, read from the right of X-Forwarded-For) or the proxies' own addresses and
 * CIDRs (`10.0.0.5,10.1.0.0/16`: only a peer among them is believed). Never "trust whatever
 * the header says": the left-most X-Forwarded-For entry is written by the client.
 *
 * Fastify 5 no longer reads a number as a hop count (it trusts nothing then), so a count
 * becomes a trust function `(address, hop) => hop < count`, the hop-count rule of
 * `@fastify/proxy-addr`; an address list goes to Fastify as it is.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** `false`: no proxy; a number: hops; a list: proxy addresses/CIDRs. `true` (everyone) is for tests only. */
export type TrustProxy = boolean | number | string[];

const MAX_HOPS = 10;

const HELP = 'use o número de proxies à frente do servidor (ex.: 1) ou a lista dos endereços/CIDRs deles (ex.: 10.0.0.5,10.1.0.0/16)';

function validEntry(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const family = isIPv4(address) ? 32 : isIPv6(address) ? 128 : 0;
  if (family === 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= family;
}

/** The env value, or an error in pt-BR saying what to write instead. Empty or `0`: no proxy. */
export function parseTrustProxy(value: string | undefined): number | string[] | false {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return false;
  if (text === 'true') {
    throw new Error(`TRUST_PROXY=true não é aceito (o cliente escolheria o próprio endereço): ${HELP}`);
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new Error(`TRUST_PROXY inválido: ${text} (no máximo ${MAX_HOPS} proxies; ${HELP})`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !validEntry(entry));
  if (wrong !== undefined) throw new Error(`TRUST_PROXY inválido: "${wrong}" não é um endereço IP nem um CIDR (${HELP})`);
  return entries;
}

/** Whether any proxy is trusted at all. */
export function trustsAnyProxy(trust: TrustProxy | undefined): boolean {
  return trust === true || (typeof trust === 'number' && trust > 0) || (Array.isArray(trust) && trust.length > 0);
}

/** What Fastify's `trustProxy` option gets. */
export function fastifyTrustProxy(trust: TrustProxy | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') {
    const hops = trust;
    return hops > 0 ? (_address: string, hop: number) => hop < hops : false;
  }
  return trust ?? false;
}

function mappedIPv4(address: string): string | null {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1] ?? null;
}

/**
 * Whether a direct peer is one of the trusted proxies (the same answer Fastify gives for the
 * hop next to the socket): with a hop count, every peer is; with a list, a peer in it.
 */
export function trustedPeer(trust: TrustProxy | undefined): (address: string | undefined) => boolean {
  if (!trustsAnyProxy(trust)) return () => false;
  if (!Array.isArray(trust)) return (address) => address !== undefined;
  const list = new BlockList();
  for (const entry of trust) {
    const [address = '', prefix] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    if (address === undefined) return false;
    const v4 = isIPv4(address) ? address : mappedIPv4(address);
    return v4 !== null ? list.check(v4, 'ipv4') : isIPv6(address) && list.check(address, 'ipv6');
  };
}
