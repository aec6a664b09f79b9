export const adminNav = ['products'];
