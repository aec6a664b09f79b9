import { attributeResource } from './attributes';
import { categoryResource } from './categories';
import { familyResource } from './families';
import { productResource } from './products';
import { synonymResource } from './synonyms';
import { userResource } from './users';

/**
 * The admin resources whose records the catalogue and its people are made of, in the order the
 * history lists their entities and the admin menu lists their groups. The webhook events are derived
 * from these declarations (webhook-events.ts), so nothing here may import the webhooks' contract.
 */
export const DATA_RESOURCES = [
  familyResource,
  categoryResource,
  productResource,
  userResource,
  synonymResource,
  attributeResource,
] as const;
