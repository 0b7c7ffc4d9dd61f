/**
 * The four reads the tracking screen makes when it opens (machines/tracking.machine.ts,
 * `loading`), by their contract names. index.html's inline script starts them from the
 * stored session as soon as the HTML arrives (scripts/vite-early-reads.ts fills its table
 * from this list and the contract's paths); the screen's actors then take those answers.
 */
import type { EndpointName } from '../../../contract/api';

export const TRACKING_SCREEN_READS = [
  'tracking',
  'attachedDocuments',
  'documentsToSign',
  'history',
] as const satisfies readonly EndpointName[];
