/**
 * Words written `as const` beside their chart or in the contract (their tests use them),
 * as a part's words (issue 20): each sentence a plain string, so the German one can stand in for it.
 */
export type Widened<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { -readonly [K in keyof T]: Widened<T[K]> };
