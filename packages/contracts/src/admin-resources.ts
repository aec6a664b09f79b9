import { attributeResource } from './attributes';
import { categoryResource } from './categories';
import { familyResource } from './families';
import { productResource } from './products';
import { synonymResource } from './synonyms';
import { userResource } from './users';

/**
 * Every admin resource's declaration, in the order the history lists their entities. The activity
 * entity list, the revertible entities and the server's CRUD modules are checked against this list.
 */
export const ADMIN_RESOURCES = [
  familyResource,
  categoryResource,
  productResource,
  userResource,
  synonymResource,
  attributeResource,
] as const;

/**
 * The same declarations by the key the web app gives each resource (its menu group, its screens, its
 * typed API client): the web reads them from here, so a new resource is declared on this side only.
 */
export const ADMIN_RESOURCE_DECLARATIONS = {
  families: familyResource,
  categories: categoryResource,
  attributes: attributeResource,
  products: productResource,
  synonyms: synonymResource,
  users: userResource,
} as const;

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
