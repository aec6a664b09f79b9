import { adminPaths } from '../resource-kit/admin-paths';

/** One webhook's delivery log: the list's address with `?log=<id>`, so Back returns to the list. */
export const logPath = (id: number) => `${adminPaths.webhooks.list}?log=${id}`;
