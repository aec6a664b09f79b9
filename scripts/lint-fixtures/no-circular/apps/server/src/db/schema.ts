import { client } from './client';
export const schema = () => client;
