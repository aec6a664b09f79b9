import { table } from '../db/tables';
export const ids = table;
