import { describeUnitPaths } from '../paths/framework/unit-suite';
import { trackingModel } from './tracking.model';

describeUnitPaths(trackingModel);
