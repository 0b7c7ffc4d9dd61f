import { describeUnitPaths } from './framework/unit-suite';
import { forgotProtocolModel } from './models/forgot-protocol.model';

describeUnitPaths(forgotProtocolModel);
