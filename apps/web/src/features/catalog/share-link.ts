export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Shares a link with the system's share sheet where the browser has the Web Share API (phones,
 * some desktops), otherwise copies it to the clipboard. Closing the share sheet is not a failure.
 */
export async function shareLink(data: { title: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function' && navigator.canShare?.(data) !== false) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Refused (no user gesture, a policy): fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
