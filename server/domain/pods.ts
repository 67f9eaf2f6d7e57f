/**
 * How waiting attendees are put in pods (issue 43 item 3). Pure: the forming transaction
 * (db/repositories/pods.ts) reads who waits and who blocked whom, and writes what this answers.
 *
 * The longest waiting comes first; each pod is filled, one at a time, with whoever shares
 * the most interests with those already in it (the longer waiting first on a tie), and never
 * with someone blocked either way by one of them. Pods hold 3 to 5, sized so nobody is
 * left over alone or in two while a pod could take them.
 */
import { POD_SIZE_MAX, POD_SIZE_MIN } from '../../contract/pods';

/** How long the first to wait is given for more to come (a fuller pod, shared interests) before a pod forms anyway. */
export const POD_GATHER_MS = 5_000;

export interface Waiting {
  id: string;
  interests: readonly string[];
  joinedAt: Date;
}

const norm = (interests: readonly string[]) => new Set(interests.map((i) => i.trim().toLowerCase()).filter((i) => i !== ''));

/** How many of `left` waiting people the next pod takes: a full one, unless that would strand one or two. */
export function podSize(left: number): number {
  if (left <= POD_SIZE_MAX) return left;
  const rest = left - POD_SIZE_MAX;
  return rest >= POD_SIZE_MIN ? POD_SIZE_MAX : left - POD_SIZE_MIN;
}

/**
 * The pods to form now from `waiting` (any order): none until a full pod's worth waits or
 * the first has waited POD_GATHER_MS. `blocked(a, b)` is true when either blocked the other.
 */
export function groupIntoPods(waiting: readonly Waiting[], blocked: (a: string, b: string) => boolean, now: Date): string[][] {
  const pool = [...waiting].sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.id.localeCompare(b.id));
  const first = pool[0];
  if (!first || pool.length < POD_SIZE_MIN) return [];
  if (pool.length < POD_SIZE_MAX && now.getTime() - first.joinedAt.getTime() < POD_GATHER_MS) return [];
  const interests = new Map(pool.map((w) => [w.id, norm(w.interests)]));
  const shared = (a: string, b: string) => {
    let n = 0;
    for (const i of interests.get(a)!) if (interests.get(b)!.has(i)) n++;
    return n;
  };
  const pods: string[][] = [];
  let left = pool.map((w) => w.id);
  while (left.length >= POD_SIZE_MIN) {
    const [seed, ...others] = left;
    const pod = [seed!];
    const target = podSize(left.length);
    let candidates = others.filter((c) => !blocked(seed!, c));
    while (pod.length < target && candidates.length > 0) {
      let best = candidates[0]!;
      let bestScore = -1;
      for (const c of candidates) {
        const score = pod.reduce((sum, m) => sum + shared(m, c), 0);
        if (score > bestScore) [best, bestScore] = [c, score];
      }
      pod.push(best);
      candidates = candidates.filter((c) => c !== best && !blocked(best, c));
    }
    // The seed cannot be grouped now (too many blocks around them): they keep waiting, the rest go on.
    const formed = pod.length >= POD_SIZE_MIN;
    if (formed) pods.push(pod);
    const taken = new Set(formed ? pod : [seed!]);
    left = left.filter((id) => !taken.has(id));
  }
  return pods;
}
