/** Page objects for the photos, analytics, plans and business-card journeys. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { Person } from './discovery.pages';
import { baseUrl, expect, openSection, shot as shotOf } from './fixtures';

/**
 * A small photo written to a temporary file for the file picker: a PNG (so the server's
 * re-encoding to JPEG is exercised) of a few coloured bands, so it is visibly a picture.
 */
export async function writeTestPhoto(name: string, colours: readonly string[]): Promise<string> {
  const width = 480;
  const band = 80;
  const parts = colours.map((c, i) => ({
    input: { create: { width, height: band, channels: 3 as const, background: c } },
    top: i * band,
    left: 0,
  }));
  const png = await sharp({ create: { width, height: band * colours.length, channels: 3, background: '#ffffff' } })
    .composite(parts)
    .png()
    .toBuffer();
  const file = join(mkdtempSync(join(tmpdir(), 'wf-photo-')), name);
  writeFileSync(file, png);
  return file;
}

/** The signed-in person's id and their calls, made with their own session cookie. */
export class Api {
  constructor(readonly page: Page) {}

  /** Asks the server who this session is (a second login in the same context). */
  async userId(username: string, password = 'secret123'): Promise<string> {
    const res = await this.page.request.post(`${baseUrl()}/api/auth/login`, { data: { username_or_email: username, password } });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { user: { id: string } }).user.id;
  }

  async eventId(userId: string, name: string): Promise<string> {
    const res = await this.page.request.get(`${baseUrl()}/api/events`, { params: { user_id: userId } });
    expect(res.ok(), await res.text()).toBe(true);
    const event = ((await res.json()) as Array<{ id: string; name: string }>).find((e) => e.name === name);
    expect(event, name).toBeDefined();
    return event!.id;
  }

  async requestConnection(fromId: string, toId: string, eventId: string | null) {
    const res = await this.page.request.post(`${baseUrl()}/api/connections/request`, {
      params: { from_user_id: fromId },
      data: { to_user_id: toId, event_id: eventId, message: 'Nice to meet you at the photo wall' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }

  async acceptRequestFrom(meId: string, senderId: string) {
    const list = await this.page.request.get(`${baseUrl()}/api/connections/requests/received`, { params: { user_id: meId } });
    expect(list.ok(), await list.text()).toBe(true);
    const request = ((await list.json()) as Array<{ id: string; sender: { id: string } }>).find((r) => r.sender.id === senderId);
    expect(request, 'a pending request from the sender').toBeDefined();
    const res = await this.page.request.post(`${baseUrl()}/api/connections/requests/respond`, {
      params: { user_id: meId },
      data: { request_id: request!.id, action: 'accept' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }

  businessCard(ownerId: string) {
    return this.page.request.get(`${baseUrl()}/api/business-card/${ownerId}`);
  }
}

export class Gallery {
  constructor(readonly page: Page) {}

  /** From the event view's About tab. */
  async open() {
    await this.page.getByRole('tab', { name: 'About', exact: true }).click();
    await this.page.getByRole('navigation', { name: 'More from this event' }).getByRole('button', { name: 'Photos' }).click();
    await expect(this.page.getByRole('heading', { name: 'Photos', level: 1 })).toBeVisible();
    await expect(this.page.getByText('Loading photos…')).toHaveCount(0);
  }

  async back() {
    await this.page.getByRole('button', { name: 'Back', exact: true }).click();
  }

  photos(): Locator {
    return this.page.getByRole('list', { name: 'Photos' });
  }

  photo(caption: string): Locator {
    return this.page.getByRole('figure', { name: caption });
  }

  async share(file: string, caption: string, shot?: string) {
    await this.page.getByLabel('Choose a photo').setInputFiles(file);
    await expect(this.page.getByRole('img', { name: 'The photo you chose' })).toBeVisible();
    await this.page.getByLabel('Caption (optional)').fill(caption);
    if (shot) await shotOf(this.page, shot);
    await this.page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(this.page.getByText('Your photo is shared.')).toBeVisible();
  }
}

export class PlanChooser {
  constructor(readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Choose your plan' });
  }

  plan(name: string): Locator {
    return this.dialog().getByRole('article', { name });
  }

  async open() {
    await this.page.getByRole('button', { name: 'Upgrade', exact: true }).click();
    await expect(this.dialog()).toBeVisible();
    await expect(this.dialog().getByText('Loading plans…')).toHaveCount(0);
  }
}

export class BusinessCardPanel {
  constructor(readonly page: Page) {}

  section(): Locator {
    return this.page.getByRole('region', { name: 'Business card' });
  }

  async openProfile() {
    await openSection(this.page, 'Me');
    await expect(this.page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  }

  async fill(card: Partial<Record<'Job title' | 'Company' | 'Work email' | 'Phone' | 'LinkedIn' | 'Website' | 'About you', string>>) {
    for (const [label, value] of Object.entries(card)) await this.section().getByLabel(label, { exact: true }).fill(value);
  }
}


export { Person };
