import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Storage } from './storage.js';

// PLACEHOLDER written by the server-foundation engineer so app.ts compiles; S2 owns and replaces it.
/** Files under `dir`, one per key (keys are relative paths such as `ab/abcd.webp`). */
export function createLocalStorage(dir: string): Storage {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    const full = resolve(join(root, key));
    if (!full.startsWith(root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, path);
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
