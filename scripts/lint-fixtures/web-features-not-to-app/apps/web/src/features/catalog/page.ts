export { theme } from '../../app/theme';
