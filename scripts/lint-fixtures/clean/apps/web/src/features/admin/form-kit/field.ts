import { homeLink } from '../../../components/home-link';
import { resourceApi } from '../resource-kit/resource-api';
export const field = [homeLink, resourceApi];
