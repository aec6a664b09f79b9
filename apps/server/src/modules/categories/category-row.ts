/**
 * A category row as the API answers it (core/record-rows.ts, where the bulk writes' webhook events map
 * rows too): the service and the delete into the bin (which the service calls) both import it here.
 */
export { toCategory } from '../../core/record-rows';
