import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { useNotifications, type Notice } from '../lib/notifications-store';
import { useNoticeMessage } from './notice-message';
import type { NoticeSnackbar } from './notice-snackbar';

interface SnackbarModule {
  NoticeSnackbar: typeof NoticeSnackbar;
}
let loaded: SnackbarModule | null = null;

/**
 * The latest notice. MUI's Snackbar and Alert load with the first notice rather than with every first
 * visit (docs/performance.md, "First visit"). When their code cannot be fetched (the server is
 * unreachable, which is itself a reason for a notice), a plain message says it instead, and the next
 * notice tries again.
 */
export function NoticeOutlet() {
  const current = useNotifications((state) => state.current);
  const [snackbar, setSnackbar] = useState<SnackbarModule | 'failed' | null>(loaded);
  useEffect(() => {
    if (!current || loaded) return;
    let live = true;
    import('./notice-snackbar').then(
      (module) => {
        loaded = module;
        if (live) setSnackbar(module);
      },
      () => live && setSnackbar('failed'),
    );
    return () => {
      live = false;
    };
  }, [current]);
  if (!current) return null;
  if (snackbar === 'failed') return <PlainNotice current={current} />;
  return snackbar ? <snackbar.NoticeSnackbar current={current} /> : null;
}

function PlainNotice({ current }: { current: Notice }) {
  const { t } = useTranslation();
  const dismiss = useNotifications((state) => state.dismiss);
  const message = useNoticeMessage(current);
  return (
    <div
      role="alert"
      style={{
        position: 'fixed',
        insetInline: 16,
        bottom: 16,
        zIndex: 1400,
        display: 'flex',
        gap: 16,
        alignItems: 'center',
        padding: '12px 16px',
        borderRadius: 4,
        background: current.severity === 'error' ? '#d32f2f' : '#323232',
        color: '#fff',
      }}
    >
      <span style={{ flex: 1 }}>{message}</span>
      <button
        type="button"
        onClick={() => dismiss(current.id)}
        aria-label={t('errors.dismiss')}
        style={{ background: 'none', border: 0, color: 'inherit', fontSize: 20, cursor: 'pointer' }}
      >
        ×
      </button>
    </div>
  );
}
