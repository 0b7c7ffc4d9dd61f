import { describeUnitPaths } from './framework/unit-suite';
import { homeModel } from './models/home.model';

describeUnitPaths(homeModel);
