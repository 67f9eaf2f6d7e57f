import { startTransition, useEffect, useState } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * Reads an actor like @xstate/react's useSelector, but as the component's own state,
 * for a list that arrives while React draws a view in short slices (a transition).
 *
 * useSelector's store check makes React, when the value changes during such a render,
 * draw the whole view again in one long synchronous task: on a cheap phone the longest
 * task of opening an event (issue 44 item 1). Here the change is an update of this
 * component's own state in a transition of its own, drawn in slices too. The price is a frame in which this component
 * may show the value from before; use it only where that is harmless. The selector is
 * one defined once (at module level), as is `same`: a new one each render would
 * subscribe again.
 */
export function useLateSelector<A extends AnyActorRef, T>(
  actor: A,
  selector: (snapshot: SnapshotFrom<A>) => T,
  same: (a: T, b: T) => boolean = Object.is,
): T {
  const [value, setValue] = useState(() => selector(actor.getSnapshot()));
  useEffect(() => {
    const read = () => {
      const next = selector(actor.getSnapshot());
      startTransition(() => setValue((before) => (same(before, next) ? before : next)));
    };
    read();
    const subscription = actor.subscribe(read);
    return () => subscription.unsubscribe();
  }, [actor, selector, same]);
  return value;
}
