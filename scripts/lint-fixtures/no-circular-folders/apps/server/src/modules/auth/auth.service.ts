import { findUser } from '../users/users.repository';
export const signIn = findUser;
