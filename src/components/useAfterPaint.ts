import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './focus';

/**
 * False while a component first appears, true once the browser has painted a frame
 * after that (set in a transition, so what it adds is drawn in short slices too).
 *
 * For the part of a view that is not on the screen at first (tabs not shown, cards below
 * the fold): useDeferredValue's later pass runs as soon as React may, often before the
 * browser paints, so a slow phone drew and laid out the whole event view in one frame,
 * seconds after it started (issue 44 item 1). Here the first frame comes first.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (painted ? undefined : afterNextPaint(() => startTransition(() => setPainted(true)))), [painted]);
  return painted;
}
