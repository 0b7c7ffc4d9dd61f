import { describeBrowserPaths } from '../paths/framework/browser-suite';
import { brandingBrowser } from '../paths/ui/branding.ui';

describeBrowserPaths(brandingBrowser);
