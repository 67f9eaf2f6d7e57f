import { describe, expect, it } from 'vitest';
import { zoneHeadline } from '../../src/components/SafeZoneBanner';

// What a zone does to who sees the person is presence's reason (issue 39), tested with presence.
describe('zoneHeadline', () => {
  it('tells someone in a safe space to take their time', () => {
    expect(zoneHeadline('Quiet room', 'safe_space')).toBe("You're in Quiet room — a safe space. Take all the time you need.");
  });

  it('names a restricted zone, saying nothing of who sees them', () => {
    expect(zoneHeadline('Speaker green room', 'restricted')).toBe("You're in Speaker green room — a restricted area.");
  });

  it('just names any other zone', () => {
    expect(zoneHeadline('Main hall', 'other')).toBe("You're in Main hall.");
  });
});
