export { home } from '../../../../web/src/lib/paths';
