/**
 * Where focus goes when what had it changes (issue 20 item 3): a keyboard or screen
 * reader user is never left on the page itself, or on a control that is gone. Only focus
 * is handled here; what changed is a chart's business.
 */

/** Focuses an element that is not a control itself (a card, a heading), once it may take focus. */
export function focusPlace(place: HTMLElement) {
  if (!place.hasAttribute('tabindex')) place.tabIndex = -1;
  place.focus();
}

/**
 * A view's h1 takes focus when it appears (a new view, or a new step of one), so a screen
 * reader says where the person now is and Tab goes on from the top of the view, not from
 * a control that is gone. Spread on the h1: `<h1 {...viewTitle}>`.
 *
 * Once the next frame is drawn, rather than while React puts the view on the page or just
 * before that frame: focusing asks for the layout at once and runs the focus events, and
 * on a slow phone that made the task that shows the view longer by both (issue 44 item 1).
 * After the frame, its layout is there already.
 */
export const viewTitle = {
  tabIndex: -1,
  ref: (el: HTMLElement | null) => {
    if (!el) return;
    const before = document.activeElement;
    afterNextPaint(() => {
      // Unless something took focus meanwhile (a card, a dialog, the person's own tap).
      const now = document.activeElement;
      if (el.isConnected && (now === before || now === document.body || now === null)) el.focus();
    });
  },
} as const;

/**
 * Runs `then` once the browser has drawn its next frame (a timeout set in the frame's
 * callback runs after that frame); answers a function that cancels it.
 */
export function afterNextPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * The ref of a card in a list that can lose it (an answered request, a hidden event): when
 * it goes with focus in it, or with focus already lost to the page as its button was
 * disabled on the way, focus moves to the card after it (or before it, or else the view's
 * title), and the next Tab goes on from there. Nothing moves when the whole view goes (the
 * next view's title takes focus) or when focus is elsewhere.
 */
export function handOnFocus(card: HTMLElement | null) {
  if (!card) return;
  return () => {
    const active = document.activeElement;
    if (active !== document.body && !card.contains(active)) return;
    const item = card.closest('li');
    const places = [item?.nextElementSibling, item?.previousElementSibling].map((li) => li?.querySelector<HTMLElement>('article'));
    places.push(card.closest('main')?.querySelector<HTMLElement>('h1'));
    // Once the change is on the page: to what is still there, if nothing else took focus.
    queueMicrotask(() => {
      const place = places.find((el) => el?.isConnected);
      if (place && document.activeElement === document.body) focusPlace(place);
    });
  };
}
