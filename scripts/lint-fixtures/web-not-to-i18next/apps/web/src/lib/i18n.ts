export { default as i18next } from 'i18next';
