import { describe, expect, it } from 'vitest';
import { zoneHeadline } from '../../src/components/SafeZoneBanner';

describe('zoneHeadline', () => {
  it('tells someone in a safe space to take their time', () => {
    expect(zoneHeadline('Quiet room', 'safe_space', false)).toBe("You're in Quiet room — a safe space. Take all the time you need.");
  });

  it('says plainly that a restricted zone hides them while auto-hide is on', () => {
    expect(zoneHeadline('Speaker green room', 'restricted', true)).toBe(
      "You're in Speaker green room — a restricted area. While you're here, you're hidden from nearby lists.",
    );
  });

  it('says they can still be seen there when auto-hide is off', () => {
    expect(zoneHeadline('Speaker green room', 'restricted', false)).toMatch(/Auto-hide is off, so people nearby can still see you here\.$/);
  });

  it('just names any other zone', () => {
    expect(zoneHeadline('Main hall', 'other', false)).toBe("You're in Main hall.");
  });
});
