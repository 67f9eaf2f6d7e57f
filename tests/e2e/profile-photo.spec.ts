import sharp from 'sharp';
import { QUIET_FOUNDERS, Person, checkView } from './discovery.pages';
import { expect, test, openSection, shot } from './fixtures';

/** A landscape "portrait" as a phone takes it: large, with GPS in its EXIF. */
async function phonePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <rect width="1600" height="1200" fill="#8fb8de"/>
    <rect y="820" width="1600" height="380" fill="#6a9a5b"/>
    <circle cx="980" cy="560" r="260" fill="#f2c48d"/>
    <circle cx="900" cy="520" r="26" fill="#2b2b2b"/>
    <circle cx="1060" cy="520" r="26" fill="#2b2b2b"/>
    <path d="M880 660 Q980 740 1080 660" stroke="#7a3b2e" stroke-width="16" fill="none"/>
  </svg>`;
  return sharp(Buffer.from(svg))
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

test('a profile photo, framed on the phone, shows on the person’s card at an event', async ({ browser }) => {
  test.setTimeout(240_000);
  const original = await phonePhoto();
  expect((await sharp(original).metadata()).exif).toBeDefined();

  // Ada adds a photo from her profile and frames her face with the keyboard.
  const ada = await Person.register(browser, 'Ada');
  await openSection(ada.page, 'Me');
  const section = ada.page.getByRole('region', { name: 'Profile photo' });
  await expect(section.getByText('Until then they see your initial.', { exact: false })).toBeVisible();
  await section.getByLabel('Add a photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: original });
  const frame = section.getByRole('group', { name: 'Photo position' });
  await expect(frame).toBeFocused();
  for (let i = 0; i < 5; i++) await ada.page.keyboard.press('+');
  await expect(section.getByRole('slider', { name: 'Zoom' })).toHaveValue('1.5');
  for (let i = 0; i < 3; i++) await ada.page.keyboard.press('ArrowLeft');
  await checkView(ada.page, 'profile-photo-crop');
  await section.getByRole('button', { name: 'Save photo' }).click();
  await expect(ada.page.getByText('Profile photo saved')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await expect(section.locator('img')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await checkView(ada.page, 'profile-with-photo');

  // What the server keeps: a small square JPEG, the GPS gone.
  const stored: string = await ada.page.evaluate(async () => (await (await fetch('/api/auth/me')).json()).photo_data);
  const meta = await sharp(Buffer.from(stored, 'base64')).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);
  expect(meta.exif).toBeUndefined();

  // Ben, at the same event, sees it on Ada's card.
  await ada.page.getByRole('button', { name: 'Back', exact: true }).click();
  await ada.openEvent(QUIET_FOUNDERS.name);
  const ben = await Person.register(browser, 'Ben');
  await ben.openEvent(QUIET_FOUNDERS.name);
  const card = ben.personCard(ada.name);
  await expect(card.locator('img')).toHaveAttribute('src', `data:image/jpeg;base64,${stored}`);
  await card.scrollIntoViewIfNeeded();
  await shot(ben.page, 'event-card-with-photo');
  await checkView(ben.page, 'event-view-with-photo');

  // And beside her name when he opens a chat with her.
  await ben.fromMore(ada.name, 'Chat');
  const title = ben.page.getByRole('heading', { name: `Chat with ${ada.name}`, level: 1 });
  await expect(title.locator('img')).toHaveAttribute('src', `data:image/jpeg;base64,${stored}`);
  await checkView(ben.page, 'chat-with-photo');

  await ada.context.close();
  await ben.context.close();
});
