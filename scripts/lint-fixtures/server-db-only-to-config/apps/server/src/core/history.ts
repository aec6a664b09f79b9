export const history = 'history';
