export const MAX_USERS = 10;
