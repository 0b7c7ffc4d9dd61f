import { describeBrowserPaths } from '../paths/framework/browser-suite';
import { wizardBrowser } from '../paths/ui/wizard.ui';

describeBrowserPaths(wizardBrowser);
