/**
 * Issue 18 "Contact cards shared field by field, and taken back": Ana shares two details
 * with Ben (only the two she ticks), Ben finds the card under Cards and keeps it, Ana sees
 * it under Shared with and revokes it, and it disappears from Ben's phone at once.
 */
import { CARD_WORDS as CARD_WORDS_SAID } from '../../contract/card-words';
import { MESSAGES } from '../../contract/messages';
import { Attendee } from './connections.pages';
import { checkView, Person } from './discovery.pages';
import { expect, test } from './fixtures';
import { english } from '../../contract/said';

const CARD_WORDS = english(CARD_WORDS_SAID);

const dayAhead = (time: string) => {
  const d = new Date(Date.now() + 24 * 3_600_000);
  return `${d.toISOString().slice(0, 10)}T${time}`;
};

test('a card shared with two fields is revoked and disappears from the other phone', async ({ browser }) => {
  test.setTimeout(360_000);
  const name = `Card Swap ${Date.now().toString(36)}`;
  const ana = new Attendee(await Person.register(browser, 'Ana'));
  await ana.person.createEvent({ name, location: `Reading Room ${name}, Berlin`, start: dayAhead('18:00'), end: dayAhead('20:00') });
  await ana.page.getByRole('button', { name: 'Create Event', exact: true }).click();
  await ana.person.skipQuietRoom();
  const ben = new Attendee(await Person.register(browser, 'Ben'));
  await ben.person.openEvent(name);
  // Ben has nothing under Cards yet: said calmly.
  await ben.page.getByRole('button', { name: 'Back', exact: true }).click();
  await ben.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Me/ }).click();
  await ben.page.getByRole('button', { name: CARD_WORDS.cardsLink, exact: true }).click();
  await expect(ben.page.getByRole('heading', { name: CARD_WORDS.cardsTitle, level: 1 })).toBeVisible();
  await expect(ben.page.getByText(CARD_WORDS.cardsEmpty)).toBeVisible();
  await checkView(ben.page, 'cards-empty');
  // He moves on to his profile.
  await ben.page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(ben.page.getByRole('heading', { name: 'Your profile' })).toBeVisible();

  // Ana, at the event with Ben, shares her Instagram and Twitter: the two fields, filled in.
  await ana.person.reopenEvent(name);
  await ana.person.fromMore(ben.name, 'Exchange');
  await expect(ana.page.getByRole('heading', { name: 'Share your contact details' })).toBeVisible();
  await ana.page.getByLabel('What to share').selectOption('social_media');
  await ana.page.getByLabel('Instagram', { exact: true }).fill('@ana_reads');
  await ana.page.getByLabel('Twitter', { exact: true }).fill('@ana_t');
  await checkView(ana.page, 'contact-exchange-fields');
  await ana.page.getByRole('button', { name: 'Send Contact Exchange Request' }).click();
  await expect(ana.toast(MESSAGES.contactExchangeSent.message)).toBeVisible();

  // Ben's toast opens his Cards (See card): the card, each field a link; he keeps it.
  await ben.toast(new RegExp(`^${ana.name} shared their social media`)).waitFor();
  await ben.page.getByRole('status', { name: 'Notifications' }).getByRole('button', { name: 'See card' }).click();
  await expect(ben.page.getByRole('heading', { name: CARD_WORDS.cardsTitle, level: 1 })).toBeVisible();
  const card = ben.page.getByRole('list', { name: CARD_WORDS.cardsTitle }).getByRole('article', { name: ana.name });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: '@ana_reads' })).toHaveAttribute('href', 'https://www.instagram.com/ana_reads');
  await expect(card.getByRole('link', { name: '@ana_t' })).toHaveAttribute('href', 'https://x.com/ana_t');
  await card.getByRole('button', { name: `${CARD_WORDS.keep} ${ana.name}'s card` }).click();
  await expect(card.getByText(CARD_WORDS.kept, { exact: true })).toBeVisible();
  await checkView(ben.page, 'cards');

  // Ana finds it under Shared with, and takes it back (asked first).
  await ana.page.getByRole('button', { name: CARD_WORDS.sharedLink, exact: true }).click();
  await expect(ana.page.getByRole('heading', { name: CARD_WORDS.sharedTitle, level: 1 })).toBeVisible();
  const shared = ana.page.getByRole('list', { name: CARD_WORDS.sharedTitle }).getByRole('article', { name: ben.name });
  await expect(shared).toContainText('Instagram, Twitter/X');
  await checkView(ana.page, 'shared-cards');
  await shared.getByRole('button', { name: `${CARD_WORDS.revoke}: what you shared with ${ben.name}` }).click();
  await expect(shared.getByText(CARD_WORDS.revokeConfirm({ name: ben.name }))).toBeVisible();
  await checkView(ana.page, 'shared-cards-confirm');
  await shared.getByRole('button', { name: CARD_WORDS.revokeYes }).click();
  await expect(ana.toast(CARD_WORDS.revoked({ name: ben.name }))).toBeVisible();
  await expect(ana.page.getByText(CARD_WORDS.sharedEmpty)).toBeVisible();

  // Gone from Ben's phone at once, without a reload.
  await expect(card).toHaveCount(0);
  await expect(ben.page.getByText(CARD_WORDS.cardsEmpty)).toBeVisible();

  for (const p of [ana, ben]) await p.person.context.close();
});
