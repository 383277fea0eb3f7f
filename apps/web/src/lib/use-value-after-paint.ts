import { startTransition, useEffect, useState } from 'react';

/**
 * `value`, handed on only once the browser has painted the frame that shows the change that caused
 * it, and then in a transition (docs/product.md#catalogue). For work that follows a keystroke (the
 * search results): the keystroke's own frame (the letter in the field) paints first, whatever the
 * results cost, and a next keystroke interrupts a results render instead of waiting for it.
 * React's useDeferredValue starts its render right after the keystroke's commit, often before that
 * frame is painted, so the keystroke's paint waited for the results.
 */
export function useValueAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // requestAnimationFrame runs just before the next paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(value)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value]);
  return shown;
}
