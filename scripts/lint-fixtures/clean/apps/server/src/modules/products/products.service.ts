import { recordChange } from '../../core/history';
import { signIn } from '../auth/auth.service';
import { findUser } from '../users/users.repository';
export const products = [signIn, findUser, recordChange];
