/**
 * What a bench's autocannon child prints of its measured run, as one JSON line (the
 * parent reads it): req/s, latency p50/p99/max (ms), answers by status, errors, timeouts.
 */
export function printRun(r) {
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]));
  console.log(
    JSON.stringify({
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      statuses,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
    }),
  );
}
