import { describeUnitPaths } from './framework/unit-suite';
import { requestActivityModel } from './models/request-activity.model';

describeUnitPaths(requestActivityModel);
