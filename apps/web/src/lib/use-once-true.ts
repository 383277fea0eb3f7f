import { useState } from 'react';

/**
 * True from the first render where `value` is true, for good: a dialog loaded on first use
 * (React.lazy) is mounted once it has been opened, and stays mounted so it can animate closed.
 */
export function useOnceTrue(value: boolean): boolean {
  const [was, setWas] = useState(value);
  // React's pattern for state derived from a prop: set during render, re-rendered at once.
  if (value && !was) setWas(true);
  return was || value;
}
