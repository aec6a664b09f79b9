// Business constants shared by the server and the web app.
export const REQUEST_TIMEOUT_MS = 10_000;
export const CATALOGUE_PAGE_SIZE = 25;
/** Category toggles a catalogue row asks for at a time (the server's rendered page asks for the same first page). */
export const CATEGORY_ROW_SIZE = 40;
export const ADMIN_PAGE_SIZE = 10;
export const ADMIN_PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_LIST_LIMIT = 10;
export const MAX_LIST_LIMIT = 100;
export const SEARCH_DEBOUNCE_MS = 400;
/** Longest catalogue search text (characters, before and after normalization). */
export const SEARCH_MAX_LENGTH = 200;
export const SPINNER_SIZE = 40;
export const DELETE_MODAL_WIDTH = 400;
export const ROW_MENU_MAX_HEIGHT = 216;
export const FORM_MAX_WIDTH = 500;
export const DRAWER_WIDTH = 240;
/**
 * The display widths of every stored image. The largest is the stored image itself, addressed by its
 * name alone; each smaller one is its own file under `w<width>/`.
 */
export const MEDIA_WIDTHS = [160, 320, 640, 1280] as const;
export const MEDIA_STORED_WIDTH = MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]!;

export const COLOURS = {
  lightPrimary: '#3c8dbc',
  lightBackground: '#f9f9f9',
  darkBackground: '#101418',
  adminDarkBackground: '#161c24',
} as const;

export const MESSAGES = {
  required: 'This field is required',
  badCredentials: 'Incorrect username or password',
  noResults: 'No results were found',
} as const;
