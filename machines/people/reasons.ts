/**
 * A person's reasons to connect (SPEC 1 "Compatibility") as sentences: the English the
 * server wrote, said in another language by each one's message id and values (issue 38).
 */
import type { Compatibility } from '../../contract/discovery';
import { saidOf, type Said, type SaidValues } from '../../contract/said';

export const reasonsOf = (c: Compatibility): Said[] =>
  c.compatibility_reasons.map((english, i) => {
    const coded = c.compatibility_reason_codes[i];
    return saidOf(english, coded?.code, coded?.params as SaidValues | undefined);
  });
