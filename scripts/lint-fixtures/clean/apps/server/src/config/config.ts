import { EnvSchema } from './config-env';
export const config = { env: EnvSchema };
