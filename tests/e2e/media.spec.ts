import { upgradedToPlan } from '../../contract/messages';
import { checkView } from './discovery.pages';
import { Api, BusinessCardPanel, Gallery, Person, PlanChooser, writeTestPhoto } from './media.pages';
import { baseUrl, expect, test, openSection, shot } from './fixtures';

/** A day well ahead, as a datetime-local value: nothing else is there then. */
const dayAhead = (hours: string) => {
  const d = new Date(Date.now() + 45 * 24 * 60 * 60 * 1000);
  return `${d.toISOString().slice(0, 10)}T${hours}`;
};

test('two people share photos live, connect, see their business card and the analytics, and one upgrades', async ({ browser }) => {
  test.setTimeout(360_000);
  const suffix = Date.now().toString(36);
  const event = { name: `Photo Walk ${suffix}`, location: `Tiergarten gate ${suffix}, Berlin`, start: dayAhead('14:00'), end: dayAhead('16:00') };
  const lanterns = await writeTestPhoto('lanterns.png', ['#f4a259', '#5b8e7d', '#bc4b51', '#8cb369']);
  const river = await writeTestPhoto('river.png', ['#1d3557', '#457b9d', '#a8dadc']);

  // Ada makes a small event; Ben joins it and waits on the event view.
  const ada = await Person.register(browser, 'Ada');
  await ada.createEvent(event);
  await ada.page.getByRole('button', { name: 'Create Event', exact: true }).click();
  await ada.skipQuietRoom();
  await expect(ada.page.getByRole('heading', { name: event.name, level: 1 })).toBeVisible();
  const ben = await Person.register(browser, 'Ben');
  await ben.openEvent(event.name);
  await ben.openTab('About');
  const benFeed = ben.page.getByRole('list', { name: "What's happening" });
  await expect(benFeed).toContainText(`${ben.name} joined the event`);

  // Ada shares a photo; Ben's feed says so at once.
  const adaGallery = new Gallery(ada.page);
  await adaGallery.open();
  await expect(ada.page.getByText('No photos yet. Share the first one?')).toBeVisible();
  // Only image files: a text file is refused quietly, before any upload.
  await ada.page.getByLabel('Choose a photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expect(ada.page.getByText('Only JPEG, PNG or WebP images are accepted')).toBeVisible();
  await expect(ada.page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  await adaGallery.share(lanterns, 'Lanterns at the gate', 'photo-upload-preview');
  const adaPhoto = adaGallery.photo('Lanterns at the gate');
  await expect(adaPhoto.getByRole('img', { name: 'Lanterns at the gate' })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect(benFeed.getByText(`${ada.name} shared a photo`)).toBeVisible();
  await benFeed.scrollIntoViewIfNeeded();
  await shot(ben.page, 'event-feed');

  // Ben opens the gallery; Ada's next photo appears there live, at the top.
  const benGallery = new Gallery(ben.page);
  await benGallery.open();
  await expect(benGallery.photo('Lanterns at the gate')).toBeVisible();
  await adaGallery.share(river, 'The river, slowly');
  await expect(benGallery.photo('The river, slowly')).toBeVisible();
  await expect(benGallery.photos().getByRole('figure').first()).toHaveAccessibleName('The river, slowly');
  // Served as a clean JPEG of the size it was shared at (long edge under the cap).
  const img = benGallery.photo('The river, slowly').getByRole('img');
  await expect(img).toHaveAttribute('width', '480');
  await expect(img).toHaveAttribute('height', '240');

  // Ben likes the lanterns; Ada sees who liked it when she looks again.
  const lanternsForBen = benGallery.photo('Lanterns at the gate');
  await lanternsForBen.getByRole('button', { name: 'Like' }).click();
  await expect(lanternsForBen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
  await expect(lanternsForBen).toContainText('1 like');
  await expect(lanternsForBen).toContainText('Liked by you');
  await checkView(ben.page, 'photo-gallery');
  await adaGallery.back();
  await adaGallery.open();
  await expect(adaPhoto).toContainText('1 like');
  await expect(adaPhoto).toContainText(`Liked by ${ben.name}`);

  // Ada writes her business card. Ben cannot see it until they are connected.
  await adaGallery.back();
  await ada.backToEvents();
  const card = new BusinessCardPanel(ada.page);
  await card.openProfile();
  await expect(card.section()).toContainText('No business card yet');
  await card.section().getByRole('button', { name: 'Create' }).click();
  await card.fill({ 'Job title': 'Photographer', Company: 'Quiet Lens Studio', 'Work email': 'not an email' });
  await card.section().getByRole('button', { name: 'Save' }).click();
  // Said beside the field, in words people use, with focus there.
  const workEmail = card.section().getByLabel('Work email');
  await expect(workEmail).toHaveAccessibleDescription('Please enter an email address like name@example.com.');
  await expect(workEmail).toBeFocused();
  await expect(card.section().getByText('email: must be')).toHaveCount(0);
  await card.fill({ 'Work email': `${ada.username}@lens.example`, Website: 'https://lens.example', 'About you': 'I take slow photos.' });
  await card.section().getByRole('button', { name: 'Save' }).click();
  await expect(card.section()).toContainText('Photographer · Quiet Lens Studio');
  await expect(card.section().getByRole('link', { name: 'https://lens.example' })).toBeVisible();
  await checkView(ada.page, 'profile-business-card');

  const adaApi = new Api(ada.page);
  const benApi = new Api(ben.page);
  const adaId = await adaApi.userId(ada.username);
  const benId = await benApi.userId(ben.username);
  const unseen = await benApi.businessCard(adaId);
  expect(unseen.status()).toBe(200);
  expect(await unseen.json()).toBeNull();
  await adaApi.requestConnection(adaId, benId, await adaApi.eventId(adaId, event.name));
  await benApi.acceptRequestFrom(benId, adaId);
  // The card as the API serves it to a connection...
  const seen = await benApi.businessCard(adaId);
  expect(seen.status()).toBe(200);
  expect(await seen.json()).toMatchObject({
    name: ada.name,
    title: 'Photographer',
    company: 'Quiet Lens Studio',
    email: `${ada.username}@lens.example`,
    website: 'https://lens.example',
    bio: 'I take slow photos.',
  });
  // ...and as Ben sees it on Ada's entry in his connections (reopening the app lands on the events list).
  await ben.page.goto(baseUrl() + '/');
  await openSection(ben.page, 'People');
  await expect(ben.page.getByRole('heading', { name: 'Your connections' })).toBeVisible();
  await expect(ben.page.getByLabel(`Business card of ${ada.name}`)).toContainText('Quiet Lens Studio');

  await ada.page.getByRole('button', { name: 'Back', exact: true }).click();
  await ada.openEvent(event.name);

  // Analytics: the figures and the charts.
  await ada.openTab('About');
  await ada.page.getByRole('navigation', { name: 'More from this event' }).getByRole('button', { name: 'Analytics' }).click();
  await expect(ada.page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  const photosShared = ada.page.getByText('Photos shared', { exact: true }).locator('xpath=following-sibling::dd');
  await expect(photosShared).toHaveText('2');
  await expect(ada.page.getByText('Attendees', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('2');
  await expect(ada.page.getByText('Successful connections', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('1');
  await expect(ada.page.getByText('Connection rate', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('100%');
  await expect(ada.page.getByRole('img', { name: /^Compatibility across 1 connections? made here: / })).toBeVisible();
  await expect(ada.page.getByRole('img', { name: /^1 connection in the last 12 hours; the most, 1, in the hour from / })).toBeVisible();
  await checkView(ada.page, 'analytics');

  // Ada upgrades to Premium: Free is current and cannot be chosen.
  await ada.page.getByRole('button', { name: 'Back', exact: true }).click();
  await ada.backToEvents();
  const plans = new PlanChooser(ada.page);
  await plans.open();
  await expect(plans.plan('Free')).toContainText('$0/month');
  await expect(plans.plan('Free')).toContainText('Current plan');
  await expect(plans.plan('Free').getByRole('button')).toHaveCount(0);
  await expect(plans.plan('Premium')).toContainText('$9.99/month');
  await checkView(ada.page, 'plan-chooser');
  await shot(ada.page, 'plan-chooser-screen');
  await ada.page.keyboard.press('Escape');
  await expect(plans.dialog()).toHaveCount(0);
  await plans.open();
  await plans.plan('Premium').getByRole('button', { name: 'Upgrade to Premium' }).click();
  // Nothing changes on one tap: the card asks first.
  await plans.plan('Premium').getByRole('button', { name: 'Yes, move to Premium' }).click();
  await expect(ada.page.getByText(upgradedToPlan({ plan: 'Premium' }).message)).toBeVisible();
  await expect(plans.dialog()).toHaveCount(0);
  await plans.open();
  await expect(plans.plan('Premium')).toContainText('Current plan');
  await plans.dialog().getByRole('button', { name: 'Close' }).click();

  await ada.context.close();
  await ben.context.close();
});
