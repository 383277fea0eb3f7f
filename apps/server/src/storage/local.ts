import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertStorageKey, type Storage } from './storage.js';

/** Files under `dir`, one per key (keys are relative paths such as `ab/abcd.webp`). */
export function createLocalStorage(dir: string): Storage {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    const full = resolve(join(root, key));
    if (!full.startsWith(root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // A temporary name of its own per write, renamed over the key (atomic): parallel writes of the same
      // key (the same image uploaded at once; names are content hashes) never share a file or fail.
      const tmp = `${path}.${randomUUID()}.tmp`;
      try {
        await writeFile(tmp, data);
        await rename(tmp, path);
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
