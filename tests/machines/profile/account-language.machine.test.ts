/**
 * The app's language told to the server (issue 41), so the person's emails are in it: as
 * a session opens when it differs, again when it is chosen, and never when the server has it.
 */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { User } from '../../../contract/common';
import type { Language } from '../../../machines/profile/language';
import { accountLanguageMachine } from '../../../machines/profile/account-language.machine';
import { ada } from '../app.fakes';
import { asChild, flush } from '../discovery.fakes';

function start(user: User, shown: { now: Language }, save?: (language: Language) => Promise<User>) {
  const saved = vi.fn(save ?? (async (language: Language) => ({ ...user, language })));
  const machine = accountLanguageMachine.provide({
    actors: {
      shown: fromPromise<Language>(async () => shown.now),
      save: fromPromise<User, { userId: string; language: Language }>(({ input }) => saved(input.language)),
    },
  });
  return { ...asChild(machine, { user }), saved };
}

describe('account language chart', () => {
  it('says nothing when the server already has the language shown', async () => {
    const t = start({ ...ada, language: 'de' }, { now: 'de' });
    await flush();
    expect(t.saved).not.toHaveBeenCalled();
    expect(t.child.getSnapshot().value).toBe('idle');
  });

  it('tells the server as the session opens when they differ, and the root the user as saved', async () => {
    const t = start({ ...ada, language: 'en' }, { now: 'de' });
    await flush();
    expect(t.saved).toHaveBeenCalledWith('de');
    expect(t.received).toEqual([{ type: 'user.updated', user: expect.objectContaining({ language: 'de' }) }]);
    expect(t.child.getSnapshot().value).toBe('idle');
  });

  it('tells the server a language chosen on the profile, once per change', async () => {
    const shown = { now: 'en' as Language };
    const t = start({ ...ada, language: 'en' }, shown);
    await flush();
    expect(t.saved).not.toHaveBeenCalled();
    shown.now = 'de';
    t.child.send({ type: 'accountLanguage.chosen' });
    await flush();
    expect(t.saved).toHaveBeenCalledWith('de');
    // Chosen again, the same: nothing more to say.
    t.child.send({ type: 'accountLanguage.chosen' });
    await flush();
    expect(t.saved).toHaveBeenCalledTimes(1);
  });

  it('takes a server that never said a language as English, its default', async () => {
    const { language: _none, ...older } = { ...ada, language: 'en' as const };
    const t = start(older, { now: 'en' });
    await flush();
    expect(t.saved).not.toHaveBeenCalled();
  });

  it('stays quiet when the server cannot be reached, and tries again on the next choice', async () => {
    const shown = { now: 'de' as Language };
    let fail = true;
    const t = start({ ...ada, language: 'en' }, shown, async (language) => {
      if (fail) throw new TypeError('Failed to fetch');
      return { ...ada, language };
    });
    await flush();
    expect(t.received).toEqual([]);
    expect(t.child.getSnapshot().value).toBe('idle');
    fail = false;
    t.child.send({ type: 'accountLanguage.chosen' });
    await flush();
    expect(t.saved).toHaveBeenCalledTimes(2);
    expect(t.received).toEqual([{ type: 'user.updated', user: expect.objectContaining({ language: 'de' }) }]);
  });
});
