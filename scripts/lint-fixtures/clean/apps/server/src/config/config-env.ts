export const EnvSchema = 'env';
