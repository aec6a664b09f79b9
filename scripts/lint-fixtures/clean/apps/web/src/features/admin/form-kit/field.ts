import { homeLink } from '../../../components/home-link';
export const field = homeLink;
