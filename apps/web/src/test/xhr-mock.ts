import { vi } from 'vitest';

export interface XhrRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: FormData;
}

export interface XhrAnswer {
  status: number;
  body?: unknown;
}

type XhrHandler = (request: XhrRequest) => XhrAnswer | Promise<XhrAnswer>;

/**
 * Test helper: stubs XMLHttpRequest (the upload path's only network call). Each send reports half
 * the body sent, then the whole body, then the handler's answer. Returns the requests made.
 */
export function mockXhr(handler: XhrHandler): XhrRequest[] {
  const requests: XhrRequest[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = {
      onprogress: null,
      onload: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    private method = 'GET';
    private url = '';
    private headers = new Headers();
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: FormData) {
      const request = {
        method: this.method,
        url: new URL(this.url, 'http://localhost'),
        headers: this.headers,
        body,
      };
      requests.push(request);
      void (async () => {
        await Promise.resolve();
        const progress = (loaded: number) =>
          ({ loaded, total: 100, lengthComputable: true }) as ProgressEvent;
        this.upload.onprogress?.(progress(50));
        const answer = await handler(request);
        if (this.aborted) return;
        this.upload.onprogress?.(progress(100));
        this.upload.onload?.();
        this.status = answer.status;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return requests;
}

/** Captures files offered for download (object URLs and link clicks are browser machinery). */
export function captureDownloads(): { name: string; blob: Blob }[] {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  class TestUrl extends URL {
    static override createObjectURL(blob: Blob) {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    }
    static override revokeObjectURL() {}
  }
  vi.stubGlobal('URL', TestUrl);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}
