/**
 * Every path model: the browser tier counts what each machine did in any page (a home
 * path also drives the loading overlay). The tracking model is its
 * owner's (test/machines/tracking.model.ts). Each brings its SPEC rules, checked in every page.
 */
import type { AnyStateMachine } from 'xstate';
import { trackingModel } from '../../machines/tracking.model';
import type { PathModel } from '../framework/model';
import { eligibilityModel } from './eligibility.model';
import { forgotProtocolModel } from './forgot-protocol.model';
import { homeModel } from './home.model';
import { requestActivityModel } from './request-activity.model';
import { wizardModel } from './wizard.model';

type Counted = Pick<PathModel<AnyStateMachine>, 'machine' | 'excluded' | 'invariants'>;

export const allModels: ReadonlyArray<Counted> = [
  requestActivityModel,
  homeModel,
  trackingModel,
  wizardModel,
  eligibilityModel,
  forgotProtocolModel,
] as unknown as ReadonlyArray<Counted>;
