export { now } from '../lib/clock';
export { history } from '../core/history';
