import { describeBrowserPaths } from '../paths/framework/browser-suite';
import { trackingBrowser } from '../paths/ui/tracking.ui';

describeBrowserPaths(trackingBrowser);
