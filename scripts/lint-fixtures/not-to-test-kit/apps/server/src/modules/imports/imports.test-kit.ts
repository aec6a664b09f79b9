export const demoRows = ['row'];
