import type { User, UserCreateBody, UserUpdateBody } from '@dalil/contracts/users';
import { apiPaths } from '../../../lib/paths';
import { resourceApi } from '../resource-api';

export const userApi = resourceApi<User, User, UserCreateBody | UserUpdateBody>({
  list: apiPaths.users,
  one: apiPaths.user,
  read: apiPaths.userProfile,
});
