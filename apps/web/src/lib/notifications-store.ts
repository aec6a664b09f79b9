import { create } from 'zustand';

export interface Notice {
  id: number;
  severity: 'error' | 'warning' | 'success' | 'info';
  /** Either an error to describe in the current language, or an i18n key. */
  error?: unknown;
  messageKey?: string;
}

interface NotificationsState {
  current: Notice | null;
  show: (notice: Omit<Notice, 'id'>) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useNotifications = create<NotificationsState>((set) => ({
  current: null,
  show: (notice) => set({ current: { ...notice, id: nextId++ } }),
  dismiss: (id) => set((state) => (state.current?.id === id ? { current: null } : state)),
}));

/** Failures show a message on screen and still go to the console. */
export function reportError(error: unknown): void {
  console.error(error);
  useNotifications.getState().show({ severity: 'error', error });
}
