/** Where uploaded files live (docs/product.md#images). Only local files exist (storage/local.ts, docs/decisions/002-uploads-are-local-files.md); another store implements this interface. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}
