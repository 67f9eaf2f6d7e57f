/**
 * What the server writes on a person's card, as sentences (issue 38): the reasons to
 * connect (SPEC 1 "Compatibility") and the ice breakers, each the English the server
 * wrote, said in another language by its message id and values.
 */
import type { Compatibility, IceBreaker } from '../../contract/discovery';
import { saidOf, type Said, type SaidValues } from '../../contract/said';

export const reasonsOf = (c: Compatibility): Said[] =>
  c.compatibility_reasons.map((english, i) => {
    const coded = c.compatibility_reason_codes[i];
    return saidOf(english, coded?.code, coded?.params as SaidValues | undefined);
  });

export const suggestionOf = (b: IceBreaker): Said => saidOf(b.suggestion_text, b.suggestion_code, b.suggestion_params as SaidValues);
