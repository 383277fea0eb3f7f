/**
 * Where uploaded files live (docs/product.md#images): files under DATA_DIR/uploads (storage/local.ts) or
 * rows of `stored_files` in the database (storage/database.ts, the default on PostgreSQL so that every
 * process and machine serves every image: docs/decisions/002-uploads-in-postgresql-or-local-files.md). `STORAGE`
 * chooses. Keys are content-hash names (`<sha256>.webp`, `<sha256>-800.webp`), optionally in folders.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** Segments of letters, digits, `_`, `-` and inner dots, joined by `/`: no `..`, no absolute path, no empty part. */
const STORAGE_KEY_RE = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\/)*[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;
export const STORAGE_KEY_MAX_LENGTH = 255;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** Every driver checks its keys the same way, so a key valid for one is valid for the other. */
export function assertStorageKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > STORAGE_KEY_MAX_LENGTH || !STORAGE_KEY_RE.test(key)) {
    throw new InvalidStorageKeyError(String(key));
  }
}
