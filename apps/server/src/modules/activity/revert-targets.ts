import type { ActivityEntity } from '@dalil/contracts/activity';
import type { ResourceModule } from '../../core/app-module';
import type { RevertTarget } from '../../core/revert-target';

/** The revert target of each revertible resource, by its history entity. */
export type RevertTargets = Partial<Record<ActivityEntity, RevertTarget>>;

/** The revert targets of the resource modules the server registers. */
export const revertTargetsOf = (resources: readonly ResourceModule[]): RevertTargets =>
  Object.fromEntries(resources.flatMap((m) => (m.revert ? [[m.resource.history.entity, m.revert]] : [])));
