import { createElement } from 'react';
import { home } from '../lib/paths';
export const homeLink = createElement === undefined ? '' : home;
