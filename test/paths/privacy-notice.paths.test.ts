import { describeUnitPaths } from './framework/unit-suite';
import { privacyNoticeModel } from './models/privacy-notice.model';

describeUnitPaths(privacyNoticeModel);
