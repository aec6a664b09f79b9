import { apiRequest } from './api-client';
import { apiPaths } from './paths';
import { clearToken, getToken } from './session';

/**
 * Signs out on the server first (the token stops working everywhere it was copied), then forgets it
 * here. An unreachable server does not keep anyone signed in on this device.
 */
export async function logout(): Promise<void> {
  if (getToken()) {
    await apiRequest(apiPaths.logout, { method: 'POST', unauthorized: 'ignore' }).catch(() => undefined);
  }
  clearToken();
}
