/** Every path model: the browser tier counts what each machine did in any page. */
import type { AnyStateMachine } from 'xstate';
import type { PathModel } from '../framework/model';
import { brandingModel } from './branding.model';
import { homeModel } from './home.model';
import { requestActivityModel } from './request-activity.model';

export const allModels: ReadonlyArray<PathModel<AnyStateMachine>> = [
  requestActivityModel, brandingModel, homeModel,
] as unknown as ReadonlyArray<PathModel<AnyStateMachine>>;
