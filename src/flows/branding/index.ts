export { useBranding, normalisePlanCode, type Branding } from './use-branding';
export { HOME_BRANDING, type BrandingPart } from './branding-reads';
