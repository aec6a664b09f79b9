import { apiKeyResource } from './api-keys';
import { DATA_RESOURCES } from './data-resources';
import { webhookResource } from './webhooks';
import { feedResource } from './feeds';

/**
 * How other systems connect to the catalogue: they are managed like the data resources, and
 * announce no webhook events of their own.
 */
const INTEGRATION_RESOURCES = [apiKeyResource, webhookResource, feedResource] as const;

/**
 * Every admin resource's declaration, in the order the history lists their entities and the admin
 * menu lists their groups: the data resources (data-resources.ts), then the integrations. A resource
 * is registered by one line in one of those two lists. The activity entity list, the revertible
 * entities, the server's resource modules, the web's screens, routes, menu and typed clients, the
 * app's addresses and the webhook events are derived from them (docs/README.md, "Adding a resource").
 */
export const ADMIN_RESOURCES = [...DATA_RESOURCES, ...INTEGRATION_RESOURCES] as const;

type AdminResource = (typeof ADMIN_RESOURCES)[number];

/** A resource's key: `families`, `categories`, ... */
export type AdminResourceKey = AdminResource['key'];

/** The same declarations by key, for the web's screens and typed clients. */
export const ADMIN_RESOURCE_DECLARATIONS = Object.fromEntries(
  ADMIN_RESOURCES.map((resource) => [resource.key, resource]),
) as { [R in AdminResource as R['key']]: R };

type Entities<T extends readonly { history: { entity: string } }[]> = {
  [K in keyof T]: T[K]['history']['entity'];
};

/** The history entities of the admin resources: `family`, `category`, ... */
export const RESOURCE_ENTITIES = ADMIN_RESOURCES.map((r) => r.history.entity) as unknown as Entities<
  typeof ADMIN_RESOURCES
>;
export type ResourceEntity = (typeof RESOURCE_ENTITIES)[number];

/** The entities whose create, update and delete entries can be reverted from the history. */
export const REVERTIBLE_ENTITIES: readonly ResourceEntity[] = ADMIN_RESOURCES.filter(
  (r) => r.history.revertible,
).map((r) => r.history.entity);
