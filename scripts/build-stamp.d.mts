export interface BuildInputs {
  inputs: string[];
  extra?: Record<string, string | undefined>;
}
export function listInputs(root: string, paths: string[]): string[];
export function isCurrent(root: string, stampFile: string, inputs: BuildInputs): boolean;
export function writeStamp(root: string, stampFile: string, inputs: BuildInputs): void;
