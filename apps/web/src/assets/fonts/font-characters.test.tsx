import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contract from '@sendero/contract';
import fontCharacters from '../../../scripts/font-characters.json';

/** Every string inside a value (objects and arrays walked), e.g. every sentence of MSG and TEXT. */
function strings(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (!value || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  return Object.values(value).flatMap((v) => strings(v, seen));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const covered = new Set(fontCharacters.characters);
const missing = (texts: string[]) => [...new Set(texts.join(''))].filter((c) => !covered.has(c) && c !== '\n' && c !== '\t');

describe('the Roboto subset (scripts/subset-fonts.mjs)', () => {
  it("holds every character of the contract's sentences, labels and constants", () => {
    expect(missing(strings(contract))).toEqual([]);
  });

  it("holds every character written in the web app's code (comments aside)", () => {
    const code = sourceFiles(join(__dirname, '../..')).map((file) =>
      readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:'"`])\/\/.*$/gm, '$1'),
    );
    expect(missing(code)).toEqual([]);
  });
});
