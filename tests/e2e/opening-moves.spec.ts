/**
 * Issue 43 items 1 and 2 at 390x844: a person says they are happy to be approached and
 * puts an opening move on their card from the profile (a suggestion from their interests,
 * put into the form, saved by them); another attendee sees the calm badge and the prompt
 * on the card, answers it with a line, and it arrives as a connection request holding the
 * prompt and the answer. axe finds nothing on either screen.
 */
import { Person, QUIET_FOUNDERS, axeClean } from './discovery.pages';
import { expect, openSection, screenshot, test } from './fixtures';

const EVENT = QUIET_FOUNDERS.name;

test('an opening move and the "Happy to be approached" badge, from the profile to an answer on the card', async ({ browser }) => {
  test.setTimeout(240_000);
  const olu = await Person.register(browser, 'Olu', { interests: 'hiking, sourdough' });
  const pia = await Person.register(browser, 'Pia');

  // Olu's first steps, in the profile.
  await openSection(olu.page, 'Me');
  const steps = olu.page.getByRole('region', { name: 'First steps' });
  await steps.getByLabel('Happy to be approached').click();
  await expect(steps.getByLabel('Happy to be approached')).toBeChecked();
  // A suggestion goes into the form only: nothing is saved until Olu saves.
  await steps.getByRole('button', { name: '+ Ask me about sourdough' }).click();
  await expect(steps.getByRole('textbox', { name: 'Prompt 1' })).toHaveValue('Ask me about sourdough');
  await steps.getByRole('button', { name: 'Save opening moves' }).click();
  await expect(steps.getByText('Your opening moves are saved.')).toBeVisible();
  await steps.scrollIntoViewIfNeeded();
  await axeClean(olu.page, 'profile first steps');
  await screenshot(olu.page, 'profile-first-steps');

  // Both at the event: Pia sees the badge and the prompt on Olu's card.
  await olu.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Events/ }).click();
  await olu.openEvent(EVENT);
  await pia.openEvent(EVENT);
  const card = pia.personCard(olu.name);
  await expect(card.getByText('Happy to be approached')).toBeVisible();
  await expect(card.getByText('Ask me about sourdough')).toBeVisible();
  await card.getByRole('button', { name: 'Answer “Ask me about sourdough”' }).click();
  await card.getByLabel('Answer “Ask me about sourdough”').fill('Is your starter older than you?');
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await axeClean(pia.page, 'answer an opening move');
  await card.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(card.getByText('Your answer is on its way, as a connection request.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Request Sent' })).toBeVisible();
  await screenshot(pia.page, 'opening-move-answered');

  // It reached Olu as a request, holding the prompt and the answer.
  const received = await olu.call<Array<{ message: string | null; sender: { id: string } }>>('GET', '/connections/requests/received', { query: { user_id: olu.id } });
  expect(received.find((r) => r.sender.id === pia.id)?.message).toBe('“Ask me about sourdough”\nIs your starter older than you?');

  for (const p of [olu, pia]) await p.context.close();
});
