import { signIn } from '../auth/auth.service';
export const users = [signIn];
