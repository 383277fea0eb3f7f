import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX, metaDescription } from '@/http/page-meta.js';

describe('metaDescription (a link preview’s text)', () => {
  it('keeps a short text whole, whitespace collapsed', () => {
    expect(metaDescription('  Una laguna\n\nturquesa.  ')).toBe('Una laguna turquesa.');
  });

  it('cuts a long text at the end of a word, with an ellipsis, never inside a word', () => {
    const text = `${'Caminata entre nevados y lagunas, '.repeat(6)}final`;
    const cut = metaDescription(text);
    expect(Array.from(cut).length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(cut.endsWith('…')).toBe(true);
    const kept = cut.slice(0, -1);
    // What is kept is whole words of the text (no trailing comma before the ellipsis).
    expect(text.startsWith(kept)).toBe(true);
    expect(text.charAt(kept.length)).toMatch(/[ ,]/);
    expect(kept).not.toMatch(/[ ,]$/);
  });

  it('a single word longer than the limit is cut where it must, still with whole code points', () => {
    const cut = metaDescription('🏔'.repeat(200));
    expect(Array.from(cut)).toHaveLength(DESCRIPTION_MAX);
    expect(cut.endsWith('…')).toBe(true);
  });
});
