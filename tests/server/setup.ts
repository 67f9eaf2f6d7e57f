/**
 * Runs before each server test file. The files of a worker share its modules
 * (vitest.config.ts), so what one file may leave behind is undone before the next.
 */
import { vi } from 'vitest';

vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
