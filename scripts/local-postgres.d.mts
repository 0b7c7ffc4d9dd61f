export interface LocalPostgres {
  /** Admin URL: database `postgres`, user `postgres`, trust on loopback. */
  url: string;
  stop(): Promise<void>;
  /** The postmaster's process id (its connections are its children). */
  pid: number;
}
export function postgresBinDir(): string | null;
export function startLocalPostgres(options?: { durable?: boolean }): Promise<LocalPostgres | null>;
