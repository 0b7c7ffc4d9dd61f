export { useBranding, normalisePlanCode, type Branding } from './use-branding';
