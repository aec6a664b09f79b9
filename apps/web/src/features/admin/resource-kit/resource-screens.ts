import type SvgIcon from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

export type Icon = typeof SvgIcon;

/** Loads one admin screen on demand: each page is a chunk of its own. */
export type PageLoader = () => Promise<ComponentType>;

/**
 * The web side of an admin resource, in its folder's `screens.ts` (features/admin/<key>/screens.ts,
 * the folder named by the resource's key): its menu icon and its list and form pages. Everything
 * else (paths, titles, menu group, access, API) comes from its contract declaration.
 */
export interface ResourceScreens {
  icon: Icon;
  list: PageLoader;
  /** One screen for create and edit (edit when the route has an :id). */
  form: PageLoader;
}
