import { describeUnitPaths } from './framework/unit-suite';
import { brandingModel } from './models/branding.model';

describeUnitPaths(brandingModel);
