import type { TFunction } from '../../../lib/i18n';
import { resourceScreens, type AdminResourceKey } from '../../../lib/admin-screens';
import { adminPaths } from '../../../lib/paths';
import { resourceApis } from './resource-api';
import { resourceDeclarations } from './resource-declarations';

/**
 * What every resource's ListKit takes from the registry: its data, its create and edit screens, and
 * who may create and delete (the list offers neither to an account the server would refuse).
 */
export function resourceListProps<K extends AdminResourceKey>(key: K, t: TFunction) {
  const at = adminPaths[key];
  return {
    resource: key,
    fetchPage: resourceApis[key].list,
    createPath: at.create,
    createLabel: t(resourceScreens(key).create),
    editPath: at.edit,
    access: resourceDeclarations[key].access,
  };
}
