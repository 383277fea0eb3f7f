/**
 * On #root of a page the build prerendered (prerender.tsx): main.tsx hydrates what is there (React's
 * hydrateRoot) instead of rendering anew, so the fields keep what was typed, the focus and the caret. A
 * module of its own, without React, for the entry script (entry.ts).
 */
export const PRERENDERED_ATTR = 'data-prerendered';
