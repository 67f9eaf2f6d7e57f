/**
 * SPEC 8: some failures (location, safe zones, photos, ...) are only logged; the person
 * sees nothing. Every chart logs them through this one function.
 */
export function logFailure(what: string, error: unknown): void {
  console.warn(`[wallflower] ${what}:`, error instanceof Error ? error.message : error);
}
