import { describeBrowserPaths } from '../paths/framework/browser-suite';
import { forgotProtocolBrowser } from '../paths/ui/forgot-protocol.ui';

describeBrowserPaths(forgotProtocolBrowser);
