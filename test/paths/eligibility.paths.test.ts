import { describeUnitPaths } from './framework/unit-suite';
import { eligibilityModel } from './models/eligibility.model';

describeUnitPaths(eligibilityModel);
