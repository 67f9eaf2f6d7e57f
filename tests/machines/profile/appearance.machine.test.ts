import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appearanceMachine } from '../../../machines/profile/appearance.machine';
import type { Appearance } from '../../../machines/profile/appearance';

function start(input: Appearance = { theme: 'system', textSize: 'default' }) {
  const kept: Appearance[] = [];
  const actor = createActor(appearanceMachine.provide({ actions: { keep: (_, a) => void kept.push(a) } }), { input }).start();
  return { actor, kept };
}

describe('appearanceMachine', () => {
  it('starts from what the device kept', () => {
    expect(start({ theme: 'dark', textSize: 'larger' }).actor.getSnapshot().context).toEqual({ theme: 'dark', textSize: 'larger' });
  });

  it('keeps each choice with the other as it was', () => {
    const { actor, kept } = start();
    actor.send({ type: 'appearance.themeChosen', theme: 'contrast' });
    actor.send({ type: 'appearance.textSizeChosen', textSize: 'large' });
    expect(kept).toEqual([
      { theme: 'contrast', textSize: 'default' },
      { theme: 'contrast', textSize: 'large' },
    ]);
    expect(actor.getSnapshot().context).toEqual({ theme: 'contrast', textSize: 'large' });
  });
});
