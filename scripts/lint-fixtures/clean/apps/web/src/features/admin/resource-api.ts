export const resourceApi = 'api';
