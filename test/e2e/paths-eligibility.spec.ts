import { describeBrowserPaths } from '../paths/framework/browser-suite';
import { eligibilityBrowser } from '../paths/ui/eligibility.ui';

describeBrowserPaths(eligibilityBrowser);
