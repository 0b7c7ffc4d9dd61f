/**
 * Every path model: the browser tier counts what each machine did in any page (a home
 * path also drives the loading overlay and the branding). The tracking model is its
 * owner's (test/machines/tracking.model.ts); the wizard is counted by machine alone.
 */
import type { AnyStateMachine } from 'xstate';
import { wizardMachine } from '../../../machines/wizard.machine';
import { trackingModel } from '../../machines/tracking.model';
import type { PathModel } from '../framework/model';
import { brandingModel } from './branding.model';
import { homeModel } from './home.model';
import { requestActivityModel } from './request-activity.model';

type Counted = Pick<PathModel<AnyStateMachine>, 'machine' | 'excluded'>;

export const allModels: ReadonlyArray<Counted> = [
  requestActivityModel, brandingModel, homeModel, trackingModel, { machine: wizardMachine },
] as unknown as ReadonlyArray<Counted>;
