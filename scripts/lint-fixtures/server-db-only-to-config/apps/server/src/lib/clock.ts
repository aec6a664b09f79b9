export const now = () => 0;
