import type { ResourceModule } from '../core/app-module';
import { apiKeyModule } from './api-keys/api-keys.service';
import { attributeModule } from './attributes/attributes.service';
import { categoryModule } from './categories/categories.service';
import { familyModule } from './families/families.service';
import { feedModule } from './feeds/feeds.service';
import { productModule } from './products/products.service';
import { synonymModule } from './synonyms/synonyms.service';
import { userModule } from './users/users.service';
import { webhookModule } from './webhooks/webhooks.service';

/**
 * The admin resources' modules, in the order of the contracts' ADMIN_RESOURCES: the server registers
 * their routes from this list and the history reverts through their targets.
 */
export const RESOURCE_MODULES: readonly ResourceModule[] = [
  familyModule,
  categoryModule,
  productModule,
  userModule,
  synonymModule,
  attributeModule,
  apiKeyModule,
  webhookModule,
  feedModule,
];
