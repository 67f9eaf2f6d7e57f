import { describe, expect, it } from 'vitest';
import { logFailure } from '../../machines/log';
import { loggedFailures } from '../quiet-failures';

describe('logFailure', () => {
  it('writes what failed and why as one line; in the tests it is kept for the test, not printed', () => {
    logFailure('load plans', new Error('HTTP 503'));
    logFailure('load cards', 'no answer');
    expect(loggedFailures()).toEqual(['[wallflower] load plans: HTTP 503', '[wallflower] load cards: no answer']);
  });
});
