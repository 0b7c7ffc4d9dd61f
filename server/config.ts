/**
 * The server's environment, read once: PORT (8080), HOST (0.0.0.0), DATA_DIR (data/),
 * DATABASE_URL (PostgreSQL instead of the embedded database), STATIC_DIR (dist/),
 * TOKEN_SECRET (default: made once and kept in DATA_DIR), LOG_LEVEL, TRUST_PROXY (a hop count
 * or the proxies' addresses/CIDRs; default: none), MAX_CONNECTIONS_PER_ADDRESS (100),
 * MAX_CONNECTIONS (10000), RATE_LIMITS (http/rate-limits.ts),
 * PUBLIC_URL (origin of absolute links; default: relative links), REQUEST_TIMEOUT_MS (30000),
 * BODY_MIN_BYTES_PER_SECOND (16384), SEED_DEMO (0 to skip demo requests), SMTP_URL (the protocol
 * e-mail over SMTP; default: .eml files in DATA_DIR/outbox), MAIL_FROM (its sender),
 * CEP_PROVIDER_URL (a ViaCEP-format address service, e.g. https://viacep.com.br/ws/{cep}/json/;
 * default: the offline table only), RETENTION_DAYS (365: days a closed request's documents and
 * e-mails are kept, services/retention.ts), SMS_PROVIDER_URL and SMS_PROVIDER_TOKEN (text messages,
 * services/sms-provider.ts; default: .sms.json files in DATA_DIR/outbox).
 */
import { resolve } from 'node:path';
import { DEFAULT_CONNECTION_CAPS, type ConnectionCaps } from './http/connection-caps.ts';
import { parsePublicUrl } from './http/context.ts';
import { parseRateLimits, type RateLimits } from './http/rate-limits.ts';
import { DEFAULT_TIMEOUTS, type Timeouts } from './http/timeouts.ts';
import { parseTrustProxy } from './http/trust-proxy.ts';
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS } from './services/retention.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  staticDir: string;
  logLevel: string;
  trustProxy: number | string[] | false;
  connections: ConnectionCaps;
  rateLimits: RateLimits;
  publicUrl: string | undefined;
  timeouts: Timeouts;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  cepProviderUrl: string | undefined;
  retentionDays: number;
  /** SMS_PROVIDER_URL and SMS_PROVIDER_TOKEN (services/sms-provider.ts); without the url, .sms.json files in DATA_DIR/outbox. */
  smsProviderUrl: string | undefined;
  smsProviderToken: string | undefined;
}

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} inválido: ${value} (use um número maior que zero)`);
  return number;
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new Error(`${name} inválido: ${value} (use um número inteiro maior que zero)`);
  return Number(value);
}

/** RETENTION_DAYS: whole days, 1 to 36,500 (a retention of 0 would purge a request the moment it closes). */
export function retentionDays(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_RETENTION_DAYS;
  const days = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || days < 1 || days > MAX_RETENTION_DAYS) {
    throw new Error(`RETENTION_DAYS inválido: ${value} (use um número inteiro de dias, de 1 a ${MAX_RETENTION_DAYS})`);
  }
  return days;
}

function smtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    throw new Error('SMTP_URL inválida (use smtp://usuario:senha@servidor:587 ou smtps://…:465)');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error('SMTP_URL inválida: o esquema deve ser smtp: ou smtps:');
  return value;
}

function httpUrl(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  let protocol: string;
  try {
    protocol = new URL(value.replace('{cep}', '00000000')).protocol;
  } catch {
    throw new Error(`${name} inválida: ${value}`);
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`${name} inválida: o esquema deve ser http: ou https:`);
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT inválida: ${env.PORT}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: resolve(env.STATIC_DIR || 'dist'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    connections: {
      perAddress: wholeNumber('MAX_CONNECTIONS_PER_ADDRESS', env.MAX_CONNECTIONS_PER_ADDRESS, DEFAULT_CONNECTION_CAPS.perAddress),
      total: wholeNumber('MAX_CONNECTIONS', env.MAX_CONNECTIONS, DEFAULT_CONNECTION_CAPS.total),
    },
    rateLimits: parseRateLimits(env.RATE_LIMITS),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    timeouts: {
      requestTimeoutMs: positiveNumber('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, DEFAULT_TIMEOUTS.requestTimeoutMs),
      minBodyBytesPerSecond: positiveNumber(
        'BODY_MIN_BYTES_PER_SECOND',
        env.BODY_MIN_BYTES_PER_SECOND,
        DEFAULT_TIMEOUTS.minBodyBytesPerSecond,
      ),
    },
    seedDemo: env.SEED_DEMO !== '0',
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || undefined,
    cepProviderUrl: httpUrl('CEP_PROVIDER_URL', env.CEP_PROVIDER_URL),
    retentionDays: retentionDays(env.RETENTION_DAYS),
    smsProviderUrl: httpUrl('SMS_PROVIDER_URL', env.SMS_PROVIDER_URL),
    smsProviderToken: env.SMS_PROVIDER_TOKEN || undefined,
  };
}
