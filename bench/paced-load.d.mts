export function quantile(sorted: number[], q: number): number | null;
export interface PacedRun {
  rps: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
  errors: number;
  requests: number;
  generatorDelayP99: number | null;
  generatorDelayMax: number | null;
}
export function pacedGets(options: {
  url: string;
  headers?: Record<string, string>;
  rate: number;
  seconds: number;
  connections?: number;
  timeoutMs?: number;
}): Promise<PacedRun>;
