import { createContext } from 'react';

/** The sentence under the offered records when the server holds more matches than it sent. */
export const MoreMatchesContext = createContext<string | null>(null);
