import { ADMIN_RESOURCE_DECLARATIONS, type AdminResourceKey } from '@dalil/contracts/admin-resources';
import type { Language } from '../../../lib/preferences-store';
import { adminPaths } from './admin-paths';
import { resourceApis } from './resource-api';

/**
 * What every resource's ListKit takes from its declaration: its data, its create and edit screens,
 * and who may create and delete (the list offers neither to an account the server would refuse).
 */
export function resourceListProps<K extends AdminResourceKey>(key: K, language: Language) {
  const at = adminPaths[key];
  const declaration = ADMIN_RESOURCE_DECLARATIONS[key];
  return {
    resource: key,
    fetchPage: resourceApis[key].list,
    createPath: at.create,
    createLabel: declaration.words[language].create,
    // A resource without an edit screen offers no Edit in its rows.
    editPath: declaration.screens.edit === false ? undefined : at.edit,
    access: declaration.access,
  };
}
