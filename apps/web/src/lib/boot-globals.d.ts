// What public/boot.js (a classic script, run before the app) leaves on window for the app.

/**
 * A request boot.js started before the app's code had loaded, as the app itself would have made it
 * (lib/api-client.ts). The app's first identical request takes it over (lib/boot-requests.ts).
 */
interface BootRequest {
  method: 'GET' | 'POST';
  /** As the app builds it: the /api path with its query. */
  url: string;
  /** The bearer token it was sent with; null without one. */
  token: string | null;
  /** The JSON body as sent; null without one. */
  body: string | null;
  /** Date.now() when it was sent. */
  startedAt: number;
  /**
   * The answer, readable once. It rejects as fetch does: a TypeError when the server cannot be
   * reached, a TimeoutError after the app's request timeout.
   */
  response: Promise<Response>;
}

interface Window {
  /** The requests boot.js started; the app removes each one as it takes it over. */
  dalilBootRequests?: BootRequest[];
}
