import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { TEXT } from './texts.js';

/** Every sentence of a text tree; a sentence built from values is built with sample ones. */
function sentences(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (typeof node === 'function') return [0, 1, 3].flatMap((n) => sentences((node as (...a: unknown[]) => unknown)(n, n, n, 'Ana')));
  if (node && typeof node === 'object') return Object.values(node).flatMap(sentences);
  return [];
}

/**
 * Masculine forms used for anyone, where a neutral form exists ('Tienes un cupo', 'personas inscritas',
 * 'Te damos la bienvenida'). 'Bienvenid@' in the search heading is the product's own spelling, already neutral.
 */
export const GENDERED = /\b(bienvenido|inscritos?|usuario (aún|ya))\b/iu;

describe('neutral copy', () => {
  it('no screen sentence nor message uses a gendered form where a neutral one exists', () => {
    const found = [...sentences(TEXT), ...sentences(MSG)].filter((s) => GENDERED.test(s));
    expect(found).toEqual([]);
  });
});
