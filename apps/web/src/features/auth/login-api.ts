import type { LoginBody } from '@dalil/contracts/auth';
import { apiRequest } from '../../lib/api-client';
import type { LoginApiPath } from '../../lib/paths';
import { checkResponse } from '../../lib/response-check';
import { setToken } from '../../lib/session';

/** Signs in and stores the token; later requests send it as a bearer header. */
export async function login(apiPath: LoginApiPath, body: LoginBody): Promise<void> {
  // A 401 here means wrong credentials, shown under the form: never the "session ended" redirect.
  const response = await apiRequest<unknown>(apiPath, { method: 'POST', body, unauthorized: 'ignore' });
  setToken(checkResponse('login', response).token);
}
