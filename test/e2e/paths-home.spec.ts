import { describeBrowserPaths } from '../paths/framework/browser-suite';
import { homeBrowser } from '../paths/ui/home.ui';

describeBrowserPaths(homeBrowser);
