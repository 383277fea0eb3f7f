import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CARD_TEXT } from '@sendero/contract';
import { PlaceCard, type CardPlace } from './place-card';

const place: CardPlace = {
  _id: '33333333-3333-4333-8333-000000000001',
  name: 'Laguna Humantay',
  city: 'Cusco',
  difficulty: 'Exigente',
  time: [3, 4],
  time_city: 3,
  rating: 4.5,
  comments: 12,
  photo: null,
};

/** The nearest ancestor that is a containing block for an absolutely positioned element. */
function containingBlock(el: Element): Element | null {
  for (let node = el.parentElement; node; node = node.parentElement) {
    // happy-dom answers '' for a property no rule sets (a browser answers 'static', 'none').
    const style = getComputedStyle(node);
    const positioned = style.position !== '' && style.position !== 'static';
    const transformed = style.transform !== '' && style.transform !== 'none';
    if (positioned || transformed || /layout|paint|strict|content/.test(style.contain)) return node;
  }
  return null;
}

describe('the place card (docs/product.md#search)', () => {
  it('keeps its visually hidden rating label inside the card, so the carousel clips it (no wider page on a phone)', () => {
    render(
      <MemoryRouter>
        <PlaceCard place={place} />
      </MemoryRouter>,
    );
    const hidden = screen.getByText(`${CARD_TEXT.rating}:`, { exact: false });
    expect(getComputedStyle(hidden).position).toBe('absolute');
    const article = screen.getByRole('article');
    const block = containingBlock(hidden);
    expect(block).not.toBeNull();
    expect(article === block || article.contains(block)).toBe(true);
  });
});
