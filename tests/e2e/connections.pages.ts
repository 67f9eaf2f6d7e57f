/** Page objects for the connections journey: one person at an event, in their own browser context. */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { Person } from './discovery.pages';

/** To the top before a full-page capture, so the sticky top bar is drawn where it belongs. */
export async function toTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
}

export class Attendee {
  readonly page: Page;
  constructor(readonly person: Person) {
    this.page = person.page;
  }

  get name() {
    return this.person.name;
  }

  /** The event view's own buttons (people's cards have a Connect too). */
  private eventNav(): Locator {
    return this.page.getByRole('navigation', { name: 'At this event' });
  }

  async openAttendees() {
    await this.eventNav().getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(this.page.getByRole('heading', { name: 'Connect with people', level: 1 })).toBeVisible();
    await expect(this.page.getByRole('list', { name: 'Attendees' })).toBeVisible();
  }

  attendeeCard(name: string): Locator {
    return this.page.getByRole('list', { name: 'Attendees' }).getByRole('article', { name });
  }

  /** Connect on their card, a note in the modal; the modal is left open for a look. */
  async composeRequest(name: string, message: string): Promise<Locator> {
    await this.attendeeCard(name).getByRole('button', { name: 'Connect', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: `Connect with ${name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Message (optional)')).toBeFocused();
    await dialog.getByLabel('Message (optional)').fill(message);
    return dialog;
  }

  async back() {
    await this.page.getByRole('button', { name: 'Back', exact: true }).click();
  }

  async backToEvent(eventName: string) {
    await this.back();
    await expect(this.page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible();
  }

  requestsButton(): Locator {
    return this.eventNav().getByRole('button', { name: /^Requests/ });
  }

  async openRequests() {
    await this.requestsButton().click();
    await expect(this.page.getByRole('heading', { name: 'Connection requests', level: 1 })).toBeVisible();
  }

  requestCard(name: string): Locator {
    return this.page.getByRole('list', { name: 'Connection requests' }).getByRole('article', { name });
  }

  chatLog(): Locator {
    return this.page.getByRole('log');
  }

  async openChatWith(name: string) {
    await this.attendeeCard(name).getByRole('button', { name: 'Chat', exact: true }).click();
    await expect(this.page.getByRole('heading', { name: `Chat with ${name}`, level: 1 })).toBeVisible();
  }

  /** Into the event again, then Chat under the other person's More in People nearby (strangers may chat there). */
  async chatFromNearby(eventName: string, other: Attendee) {
    await this.person.reopenEvent(eventName);
    await this.person.fromMore(other.name, 'Chat');
    await expect(this.page.getByRole('heading', { name: `Chat with ${other.name}`, level: 1 })).toBeVisible();
  }

  async say(text: string) {
    const input = this.page.getByPlaceholder('Type your message...');
    await input.fill(text);
    await this.page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(input).toHaveValue('');
  }

  /** The event's own group chat, from the Groups tab. */
  async openGroupChat() {
    await this.person.openTab('Groups');
    const everyone = this.page.getByRole('region', { name: 'Group chats' }).getByRole('article', { name: 'Everyone here' });
    await everyone.getByRole('button', { name: 'Open' }).click();
    await expect(this.page.getByRole('heading', { name: 'Group chat', level: 1 })).toBeVisible();
    await expect(this.page.getByRole('log')).toBeVisible();
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByRole('status', { name: 'Notifications' }).getByText(text);
  }
}
