import { describeBrowserPaths } from '../paths/framework/browser-suite';
import { privacyNoticeBrowser } from '../paths/ui/privacy-notice.ui';

describeBrowserPaths(privacyNoticeBrowser);
