/**
 * A setup file of every project whose files share their worker's modules (vitest.config.ts):
 * it runs before each test file and undoes what the one before may have left behind.
 */
import { vi } from 'vitest';

vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
