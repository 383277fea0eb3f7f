/** Where uploaded files live (DESIGN.md §6). The default writes to DATA_DIR/uploads; S3 can follow. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}
