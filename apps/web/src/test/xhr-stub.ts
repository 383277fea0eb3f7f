import { vi } from 'vitest';

interface ProgressLike {
  lengthComputable: boolean;
  loaded: number;
  total: number;
}

/**
 * A stand-in for XMLHttpRequest (the upload transport) at the network boundary: the test decides
 * when progress events arrive and what the server answers.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((e: ProgressLike) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  aborted = false;
  abort() {
    this.aborted = true;
  }

  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  /** The server answers. */
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  /** The connection fails. */
  fail() {
    this.onerror?.();
  }
  /** The file sent in the multipart field `file`. */
  file(): File | null {
    const value = this.body instanceof FormData ? this.body.get('file') : null;
    return value instanceof File ? value : null;
  }
}

export function stubXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.sent;
}

/** A successful upload answer (docs/product.md#images). */
export function uploaded(name: string) {
  const url = `/uploads/${name}.webp`;
  return { url, secure_url: url, width: 800, height: 600 };
}

/** The first bytes of a PNG and of a JPEG (the browser-side check looks at them, components/upload/check-file.ts). */
const SIGNATURES: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
};

export function imageFile(name = 'foto.png', type = 'image/png', size = 1024): File {
  const bytes = new Uint8Array(size);
  bytes.set((SIGNATURES[type] ?? []).slice(0, size));
  return new File([bytes], name, { type });
}
