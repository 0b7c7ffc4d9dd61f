export interface LocalPostgres {
  /** Admin URL: database `postgres`, user `postgres`, trust on loopback. */
  url: string;
  stop(): Promise<void>;
}
export function postgresBinDir(): string | null;
export function startLocalPostgres(options?: { durable?: boolean }): Promise<LocalPostgres | null>;
