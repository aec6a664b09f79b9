import type { Family, FamilyBody, FamilyDetail } from '@dalil/contracts/families';
import { apiPaths } from '../../../lib/paths';
import { resourceApi } from '../resource-api';

export const familyApi = resourceApi<Family, FamilyDetail, FamilyBody>({
  list: apiPaths.families,
  one: apiPaths.family,
});
