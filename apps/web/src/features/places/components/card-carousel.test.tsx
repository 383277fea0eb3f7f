import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PlaceIndexEntry, SEARCH_CAROUSEL_BREAKPOINTS, TEXT } from '@sendero/contract';
import { CardCarousel } from './card-carousel';
import { firstInView, windowFrom } from './card-window';

/**
 * happy-dom does no layout: the track is given the size a 1500 px wide screen gives it (3 cards of
 * 500 px on the search page), and scrolling moves scrollLeft within the content's width.
 */
const TRACK_WIDTH = 1500;
let scrollLeft = 0;
let scrollWidth = 0;
const restore: Array<() => void> = [];

function stubLayout(cards: number) {
  scrollLeft = 0;
  scrollWidth = (cards * TRACK_WIDTH) / 3;
  const proto = HTMLElement.prototype;
  const define = (name: string, get: () => number, set?: (v: number) => void) => {
    const before = Object.getOwnPropertyDescriptor(proto, name);
    Object.defineProperty(proto, name, { configurable: true, get() {
      return this.dataset?.testid === 'card-carousel-track' ? get() : (before?.get?.call(this) ?? 0);
    }, set(v: number) {
      if (this.dataset?.testid === 'card-carousel-track' && set) set(v);
      else before?.set?.call(this, v);
    } });
    restore.push(() => (before ? Object.defineProperty(proto, name, before) : delete (proto as unknown as Record<string, unknown>)[name]));
  };
  define('clientWidth', () => TRACK_WIDTH);
  define('scrollWidth', () => scrollWidth);
  define('scrollLeft', () => scrollLeft, (v) => (scrollLeft = Math.max(0, Math.min(scrollWidth - TRACK_WIDTH, v))));
  const scrollTo = proto.scrollTo;
  const scrollBy = proto.scrollBy;
  proto.scrollTo = function (this: HTMLElement, arg?: ScrollToOptions | number) {
    if (typeof arg === 'object' && arg.left !== undefined) this.scrollLeft = arg.left;
    this.dispatchEvent(new Event('scroll'));
  } as typeof proto.scrollTo;
  proto.scrollBy = function (this: HTMLElement, arg?: ScrollToOptions | number) {
    if (typeof arg === 'object' && arg.left !== undefined) this.scrollLeft += arg.left;
    this.dispatchEvent(new Event('scroll'));
  } as typeof proto.scrollBy;
  restore.push(() => {
    proto.scrollTo = scrollTo;
    proto.scrollBy = scrollBy;
  });
}

function entries(n: number): PlaceIndexEntry[] {
  return Array.from({ length: n }, (_, i) => ({
    _id: `33333333-3333-4333-8333-${String(i).padStart(12, '0')}`,
    name: `Destino ${i + 1}`,
    city: 'Lima',
    difficulty: 'Media',
    time: [1, 2],
    time_city: 3,
    photo: null,
    rating: 0,
    comments: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    lat: null,
    lon: null,
  }));
}

const mountedNames = () => within(screen.getByRole('region', { name: TEXT.search.results })).queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

/** Lets the scroll handler's animation frame run. */
const frame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));

describe('the card carousel with many results (docs/product.md#catalogue)', () => {
  beforeEach(() => {
    stubScreen(1500);
  });
  afterEach(() => {
    while (restore.length) restore.pop()!();
  });

  it('mounts a bounded number of cards out of 5,000 and reaches the last one with End, Home and the buttons', async () => {
    stubLayout(5000);
    render(
      <MemoryRouter>
        <CardCarousel places={entries(5000)} breakpoints={SEARCH_CAROUSEL_BREAKPOINTS} label="Destinos" />
      </MemoryRouter>,
    );
    await frame();
    // 3 in view and a page on the right.
    expect(mountedNames()).toEqual(['Destino 1', 'Destino 2', 'Destino 3', 'Destino 4', 'Destino 5', 'Destino 6']);
    expect(screen.getByRole('group', { name: '1 de 5000' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXT.card.previous })).toBeDisabled();

    const track = screen.getByTestId('card-carousel-track');
    fireEvent.keyDown(track, { key: 'End' });
    await frame();
    expect(mountedNames().at(-1)).toBe('Destino 5000');
    expect(mountedNames().length).toBeLessThanOrEqual(9);
    expect(screen.getByRole('group', { name: '5000 de 5000' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXT.card.next })).toBeDisabled();

    // 'Anterior' pages back by a screenful: the three before come into view.
    fireEvent.click(screen.getByRole('button', { name: TEXT.card.previous }));
    await frame();
    expect(mountedNames()).toContain('Destino 4995');

    fireEvent.keyDown(track, { key: 'Home' });
    await frame();
    expect(mountedNames()[0]).toBe('Destino 1');

    // 'Siguiente' pages forward.
    fireEvent.click(screen.getByRole('button', { name: TEXT.card.next }));
    await frame();
    expect(mountedNames()).toEqual(expect.arrayContaining(['Destino 4', 'Destino 5', 'Destino 6']));
    expect(mountedNames().length).toBeLessThanOrEqual(9);
    expect(document.querySelectorAll('article')).toHaveLength(mountedNames().length);
  });

  it('asks for more once the last cards come into view, once per length', async () => {
    stubLayout(30);
    let asked = 0;
    render(
      <MemoryRouter>
        <CardCarousel places={entries(30)} breakpoints={SEARCH_CAROUSEL_BREAKPOINTS} label="Destinos" onEndReached={() => asked++} />
      </MemoryRouter>,
    );
    await frame();
    expect(asked).toBe(0);
    fireEvent.keyDown(screen.getByTestId('card-carousel-track'), { key: 'End' });
    await frame();
    expect(asked).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: TEXT.card.previous }));
    await frame();
    fireEvent.keyDown(screen.getByTestId('card-carousel-track'), { key: 'End' });
    await frame();
    expect(asked).toBe(1);
  });
});

describe('the card carousel when the results change (rough edges)', () => {
  beforeEach(() => {
    stubScreen(1500);
  });
  afterEach(() => {
    while (restore.length) restore.pop()!();
  });

  it('goes back to the first card when the filters change, and stays put when only more results arrive', async () => {
    stubLayout(30);
    const all = entries(30);
    const { rerender } = render(
      <MemoryRouter>
        <CardCarousel places={all} breakpoints={SEARCH_CAROUSEL_BREAKPOINTS} label="Destinos" resetKey="a" />
      </MemoryRouter>,
    );
    await frame();
    fireEvent.keyDown(screen.getByTestId('card-carousel-track'), { key: 'End' });
    await frame();
    expect(mountedNames().at(-1)).toBe('Destino 30');

    // More of the same results (a next page): the position is kept.
    rerender(
      <MemoryRouter>
        <CardCarousel places={[...all]} breakpoints={SEARCH_CAROUSEL_BREAKPOINTS} label="Destinos" resetKey="a" />
      </MemoryRouter>,
    );
    await frame();
    expect(scrollLeft).toBeGreaterThan(0);

    // Other filters: the first result is in view again.
    rerender(
      <MemoryRouter>
        <CardCarousel places={all.slice(3)} breakpoints={SEARCH_CAROUSEL_BREAKPOINTS} label="Destinos" resetKey="b" />
      </MemoryRouter>,
    );
    await frame();
    expect(scrollLeft).toBe(0);
    expect(mountedNames()[0]).toBe('Destino 4');
    expect(screen.getByRole('button', { name: TEXT.card.previous })).toBeDisabled();
  });
});

describe('the cards a row mounts', () => {
  it('keeps the cards in view plus overscan on each side, within the list', () => {
    expect(windowFrom(firstInView(0, 0, 5000), 3, 5000)).toEqual({ start: 0, end: 6 });
    expect(windowFrom(firstInView(0, 500, 5000), 3, 5000)).toEqual({ start: 0, end: 6 });
    expect(windowFrom(firstInView(500 * 100, 500, 5000), 3, 5000)).toEqual({ start: 97, end: 106 });
    expect(windowFrom(firstInView(500 * 4997, 500, 5000), 3, 5000)).toEqual({ start: 4994, end: 5000 });
    expect(windowFrom(firstInView(0, 500, 2), 3, 2)).toEqual({ start: 0, end: 2 });
    expect(windowFrom(firstInView(10_000_000, 500, 0), 5, 0)).toEqual({ start: 0, end: 0 });
  });

  it('follows from the first card in view, so another count per screen gives other cards with no new measure', () => {
    const first = firstInView(500 * 40, 500, 5000);
    expect(first).toBe(40);
    // A desktop's four cards per screen, as a row the server rendered starts, then the phone's one.
    expect(windowFrom(first, 4, 5000)).toEqual({ start: 36, end: 48 });
    expect(windowFrom(first, 1, 5000)).toEqual({ start: 39, end: 42 });
    expect(firstInView(500 * 40, 0, 5000)).toBe(0);
    expect(firstInView(10_000_000, 500, 3)).toBe(2);
  });
});

/**
 * A phone's media queries (the initial containing block, fixed by the viewport meta tag) stay at the
 * screen's width, while window.innerWidth (the visual viewport) grows whenever the page is wider than
 * the screen. The fake answers `(max-width: N)` for a screen of `screenWidth`.
 */
function stubScreen(width: number) {
  let screenWidth = width;
  const lists: Array<{ media: string; listeners: Set<() => void>; matches: boolean }> = [];
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => {
    const max = Number(/max-width:\s*(\d+)px/.exec(media)?.[1] ?? Number.NaN);
    const listeners = new Set<() => void>();
    const list = {
      media,
      listeners,
      get matches() {
        return screenWidth <= max;
      },
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    };
    lists.push(list);
    return list as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
  restore.push(() => (window.matchMedia = original));
  return {
    rotate(to: number) {
      screenWidth = to;
      act(() => {
        for (const l of lists) for (const f of l.listeners) f();
      });
    },
  };
}

/**
 * How many cards the carousel counts per screen, read from how many it mounts at its start: those in
 * view and one screen more (card-window.ts). Their widths come from the same breakpoints in CSS.
 */
const mountedCards = () => screen.getAllByRole('group').length;

describe('the card carousel on a phone whose page is wider than the screen', () => {
  beforeEach(() => {
    window.innerWidth = 390;
  });
  afterEach(() => {
    while (restore.length) restore.pop()!();
  });

  it('counts its cards by the screen, not by innerWidth, so a wider page cannot change the count (no update loop)', async () => {
    stubLayout(10);
    const phone = stubScreen(390);
    render(
      <MemoryRouter>
        <CardCarousel places={entries(10)} breakpoints={SEARCH_CAROUSEL_BREAKPOINTS} label="Destinos" />
      </MemoryRouter>,
    );
    await frame();
    expect(mountedCards()).toBe(2);

    // The browser zooms out to show a page wider than the screen: innerWidth grows, the screen does not.
    window.innerWidth = 1548;
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    await frame();
    expect(mountedCards()).toBe(2);

    // A real change of the screen (a tablet turned to 1000 px wide) does change the count.
    phone.rotate(1000);
    await frame();
    expect(mountedCards()).toBe(4);
  });
});
