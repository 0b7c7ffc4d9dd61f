export interface Needle {
  text: string;
  label: string;
}
export interface Finding {
  where: string;
  label: string;
}
export const LOG_DIR: string;
export function demoNeedles(source?: string): Needle[];
export function scanForLeaks(
  resultsDir: string,
  needles?: Needle[],
): { findings: Finding[]; logs: number; lines: number; requestLines: number; names: number };
