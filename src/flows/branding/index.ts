export { useBranding, normalisePlanCode, type Branding } from './use-branding';
export type { BrandingPart } from './branding-queries';
