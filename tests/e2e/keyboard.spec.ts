/**
 * Issue 20 item 3: every journey works with the keyboard alone. Ada registers, joins an
 * event, asks Bo to connect and chats with Bo using only keys (Tab, Shift+Tab, Enter,
 * Escape, arrows, typing): nothing on her page is clicked, filled or pointed at. Bo, in
 * a browser of her own, answers with the usual calls. At each view Ada passes, the
 * accessibility tree a screen reader follows is checked (landmarks, the view's heading,
 * the controls' roles and names), and so is where focus went; toasts and new messages
 * arrive in live regions.
 */
import type { Locator, Page } from '@playwright/test';
import { Attendee } from './connections.pages';
import { PHONE, Person, QUIET_FOUNDERS } from './discovery.pages';
import { baseUrl, expect, shot, test, uniqueUsername } from './fixtures';

const EVENT = QUIET_FOUNDERS.name;

/** What the page says focus is on, for a failure's message. */
const focusedHtml = (page: Page) => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing');

/** Presses Tab (or Shift+Tab) until `target` has focus (document.activeElement): the way a keyboard reaches a control. */
async function tabTo(page: Page, target: Locator, { max = 60, back = false }: { max?: number; back?: boolean } = {}) {
  const key = back ? 'Shift+Tab' : 'Tab';
  for (let i = 0; ; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    if (i === max) throw new Error(`${max} presses of ${key} did not reach ${target.toString()}; focus is on ${await focusedHtml(page)}`);
    await page.keyboard.press(key);
  }
}

/**
 * The focused element shows where it is: an outline or a ring (a box shadow), not nothing,
 * and it is not hidden under the sticky top bar or the fixed bottom navigation (WCAG 2.4.11).
 */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { what: 'the page itself', outline: false, shadow: false, coveredBy: null };
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      what: el.outerHTML.slice(0, 100),
      outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2,
      shadow: s.boxShadow !== 'none',
      coveredBy: hit && (hit === el || el.contains(hit)) ? null : (hit?.outerHTML.slice(0, 100) ?? 'off the screen'),
    };
  });
  expect(ring.outline || ring.shadow, `a visible focus ring on ${ring.what}`).toBe(true);
  expect(ring.coveredBy, `what covers the focused ${ring.what}`).toBeNull();
}

/** The signed-in frame every view shares: the top bar, the toasts' live region, the bottom navigation. */
const SIGNED_IN_FRAME = `
- banner:
  - text: Wallflower
  - button "Take a break"
  - status: Online
- status "Notifications"
- main
- navigation "Main":
  - list:
    - listitem:
      - button "Events"
    - listitem:
      - button "People"
    - listitem:
      - button "Chats"
    - listitem:
      - button /^Alerts/
    - listitem:
      - button "Me"
`;

test('a person registers, joins an event, asks to connect and chats with the keyboard alone', async ({ browser }) => {
  test.setTimeout(360_000);
  // Bo is at the event already, so Ada finds her there.
  const bo = new Attendee(await Person.register(browser, 'Bo'));
  await bo.person.openEvent(EVENT);

  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const keys = page.keyboard;
  const body = page.locator('body');
  const username = uniqueUsername('ada');
  const name = `Ada ${username.slice(3)}`;

  // The login view: the app's landmarks, the heading, the form.
  await page.goto(baseUrl() + '/');
  const welcome = page.getByRole('heading', { name: 'Welcome to Wallflower', level: 1 });
  await expect(welcome).toBeFocused();
  await expect(body).toMatchAriaSnapshot(`
    - banner:
      - text: Wallflower
      - status: Online
    - status "Notifications"
    - main:
      - heading "Welcome to Wallflower" [level=1]
      - form "Log in":
        - textbox "Username or email"
        - textbox "Password"
        - button "Log in"
      - paragraph:
        - text: New here?
        - button "Create an account"
      - link "Accessibility"
  `);
  await tabTo(page, page.getByRole('button', { name: 'Create an account' }));
  await expectFocusRing(page);
  await shot(page, 'keyboard-login-focus');
  await keys.press('Enter');

  // The register form: focus goes to its heading, not left on the toggle at the foot.
  await expect(page.getByRole('heading', { name: 'Join Wallflower', level: 1 })).toBeFocused();
  await expect(body).toMatchAriaSnapshot(`
    - main:
      - heading "Join Wallflower" [level=1]
      - form "Register":
        - textbox "Username"
        - textbox "Name"
        - textbox "Email"
        - textbox "Password"
        - textbox "Confirm password"
        - button "Register"
      - paragraph:
        - button "Log in instead"
  `);
  const fields: Array<[label: string, value: string, exact?: boolean]> = [
    ['Username', username],
    ['Name', name, true],
    ['Email', `${username}@example.com`],
    ['Password', 'secret123', true],
    ['Confirm password', 'secret123'],
  ];
  for (const [label, value, exact] of fields) {
    await tabTo(page, page.getByLabel(label, { exact: exact ?? false }));
    await keys.type(value);
  }
  await expectFocusRing(page);
  await tabTo(page, page.getByRole('button', { name: 'Register', exact: true }));
  await expectFocusRing(page);
  await keys.press('Enter');

  // The welcome is said in the toasts' live region; then the rest of the profile, a step
  // at a time (issue 39), focus in the dialog's first field.
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Registration successful!');
  const steps = page.getByRole('dialog', { name: 'What do you do?' });
  await expect(steps.getByLabel('Occupation')).toBeFocused();
  await tabTo(page, steps.getByRole('button', { name: 'Skip for now' }));
  await keys.press('Enter');
  const interests = page.getByRole('dialog', { name: 'What are you into?' });
  await expect(interests.getByRole('heading', { name: 'What are you into?' })).toBeFocused();
  await tabTo(page, interests.getByLabel('Interests'));
  await keys.type('tea, quiet corners, board games');
  await keys.press('Enter');
  // The choice of style by arrows, then Escape leaves the rest for later.
  const meeting = page.getByRole('dialog', { name: 'How do you like to meet people?' });
  await tabTo(page, meeting.getByRole('combobox', { name: 'Communication style' }));
  await keys.press('ArrowUp');
  await expect(meeting.getByRole('combobox', { name: 'Communication style' })).toHaveValue('introverted');
  await tabTo(page, meeting.getByRole('button', { name: 'Continue' }));
  await expectFocusRing(page);
  await keys.press('Enter');
  await expect(page.getByRole('dialog', { name: 'How would you describe yourself?' })).toBeVisible();
  await keys.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // The events list: focus on its heading.
  const events = page.getByRole('heading', { name: 'Events', level: 1 });
  await expect(events).toBeFocused();
  await expect(body).toMatchAriaSnapshot(SIGNED_IN_FRAME);
  await expect(body).toMatchAriaSnapshot(`
    - main:
      - heading "Events" [level=1]
      - navigation "Event actions":
        - button "Create Event"
        - button "Upgrade"
      - group "Event type":
        - button "All" [pressed]
        - button "Networking"
      - list "Events":
        - listitem:
          - article "${EVENT}":
            - heading "${EVENT}" [level=2]
            - button "Join"
            - button "Hide"
  `);
  // Hiding an event takes its card away: focus goes on to the next card, not to the page.
  const names = await page.getByRole('list', { name: 'Events' }).getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
  const gone = names.findIndex((n) => n !== EVENT);
  const hideCard = page.getByRole('article', { name: names[gone]!, exact: true });
  await tabTo(page, hideCard.getByRole('button', { name: 'Hide' }), { max: 100 });
  await expectFocusRing(page);
  await keys.press('Enter');
  await expect(hideCard).toHaveCount(0);
  await expect(page.getByRole('article', { name: names[gone + 1] ?? names[gone - 1]!, exact: true })).toBeFocused();
  await expectFocusRing(page);
  await shot(page, 'keyboard-card-focus');
  const join = page.getByRole('article', { name: EVENT }).getByRole('button', { name: 'Join' });
  await tabTo(page, join, { max: 200 });
  await expectFocusRing(page);
  await keys.press('Enter');

  // The event: focus on its name; the tabs answer to arrows.
  const eventTitle = page.getByRole('heading', { name: EVENT, level: 1 });
  await expect(eventTitle).toBeFocused();
  await expect(body).toMatchAriaSnapshot(SIGNED_IN_FRAME);
  await expect(body).toMatchAriaSnapshot(`
    - main:
      - button "Back"
      - heading "${EVENT}" [level=1]
      - navigation "At this event":
        - button "Connect"
        - button "Requests"
        - button "Connect by code"
      - tablist "About this event":
        - tab "People" [selected]
        - tab "Groups"
        - tab "Zones"
        - tab "About"
      - tabpanel "People":
        - region "People nearby":
          - heading "People nearby" [level=2]
          - list "People nearby"
  `);
  const tabs = page.getByRole('tablist', { name: 'About this event' });
  await tabTo(page, tabs.getByRole('tab', { name: 'People' }));
  await expectFocusRing(page);
  await keys.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Groups' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'Groups' })).toHaveAttribute('aria-selected', 'true');
  await keys.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, page.getByRole('navigation', { name: 'At this event' }).getByRole('button', { name: 'Connect', exact: true }), { back: true });
  await keys.press('Enter');

  // Everyone here, Bo among them.
  await expect(page.getByRole('heading', { name: 'Connect with people', level: 1 })).toBeFocused();
  const boCard = page.getByRole('list', { name: 'Attendees' }).getByRole('article', { name: bo.name });
  await expect(body).toMatchAriaSnapshot(`
    - main:
      - button "Back"
      - heading "Connect with people" [level=1]
      - list "Attendees":
        - listitem:
          - article "${bo.name}":
            - heading "${bo.name}" [level=2]
            - button "Connect"
            - button "More for ${bo.name}" [expanded=false]
  `);
  const connect = boCard.getByRole('button', { name: 'Connect', exact: true });
  await tabTo(page, connect, { max: 200 });
  await expectFocusRing(page);

  // The request dialog: focus moves into it; Escape closes it and focus goes back to Connect.
  await keys.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Connect with ${bo.name}` });
  const note = dialog.getByRole('textbox', { name: 'Message (optional)' });
  await expect(note).toBeFocused();
  await expect(dialog).toMatchAriaSnapshot(`
    - dialog "Connect with ${bo.name}":
      - form "Connect with ${bo.name}":
        - heading "Connect with ${bo.name}" [level=2]
        - textbox "Message (optional)"
        - button "Send"
        - button "Cancel"
  `);
  await keys.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(connect).toBeFocused();
  await keys.press('Enter');
  await expect(note).toBeFocused();
  await keys.type('I liked your question about quiet rooms');
  // Tab stays inside the dialog: from Cancel it wraps to the note.
  await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }));
  await keys.press('Tab');
  await expect(note).toBeFocused();
  await tabTo(page, dialog.getByRole('button', { name: 'Send' }));
  await expectFocusRing(page);
  await shot(page, 'keyboard-connect-dialog');
  await keys.press('Enter');

  // Sent: said in the live region; Connect is now Request Sent, so focus is on Bo's card.
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Connection request sent discreetly');
  await expect(boCard.getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  await expect(boCard).toBeFocused();
  await expectFocusRing(page);

  // Bo accepts. Ada hears it in the live region, and her card for Bo offers Chat.
  // (Bo answers by keyboard too: the answered card goes, and her focus goes to the view's title.)
  await bo.openRequests();
  await bo.requestCard(name).getByRole('button', { name: 'Accept' }).focus();
  await bo.page.keyboard.press('Enter');
  await expect(bo.requestCard(name)).toHaveCount(0);
  await expect(bo.page.getByRole('heading', { name: 'Connection requests', level: 1 })).toBeFocused();
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Connection accepted');
  await expect(body).toMatchAriaSnapshot(`
    - status "Notifications":
      - text: /Connection accepted/
      - button "Dismiss"
    - main:
      - heading "Connect with people" [level=1]
      - list "Attendees":
        - listitem:
          - article "${bo.name}":
            - heading "${bo.name}" [level=2]
            - button "Chat"
  `);
  await tabTo(page, boCard.getByRole('button', { name: 'Chat', exact: true }));
  await expectFocusRing(page);
  await keys.press('Enter');

  // The chat: focus on its heading; the conversation is a log (a live region), the input named.
  await expect(page.getByRole('heading', { name: `Chat with ${bo.name}`, level: 1 })).toBeFocused();
  await expect(body).toMatchAriaSnapshot(SIGNED_IN_FRAME);
  await expect(body).toMatchAriaSnapshot(`
    - main:
      - button "Back"
      - heading "Chat with ${bo.name}" [level=1]
      - button "More for ${bo.name}"
      - log "Messages with ${bo.name}"
      - form "Message ${bo.name}":
        - textbox "Message"
        - button "Send"
  `);
  const input = page.getByRole('textbox', { name: 'Message' });
  await tabTo(page, input);
  await expectFocusRing(page);
  await keys.type('Hello Bo! Tea by the window?');
  await keys.press('Enter');
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();

  // Bo answers; her words arrive in Ada's log, which a screen reader reads out as they come.
  await bo.backToEvent(EVENT);
  await bo.openAttendees();
  await bo.openChatWith(name);
  await expect(bo.chatLog().getByText('Hello Bo! Tea by the window?')).toBeVisible();
  await bo.say('Yes please, see you there');
  const log = page.getByRole('log', { name: `Messages with ${bo.name}` });
  await expect(log.getByText('Yes please, see you there')).toBeVisible();
  await expect(log).toMatchAriaSnapshot(`
    - log:
      - list:
        - listitem:
          - paragraph: "You: Hello Bo! Tea by the window?"
          - time: /\\d/
        - listitem:
          - paragraph: "${bo.name}: Yes please, see you there"
          - button "Report message from ${bo.name}"
          - time: /\\d/
  `);
  // Announced politely, where Ada is (her focus stays in the input, to answer).
  await expect(log).not.toHaveAttribute('aria-live', 'off');
  await expect(input).toBeFocused();
  await shot(page, 'keyboard-chat');

  // By the bottom navigation to Chats: focus on its heading; the conversation with Bo is a
  // button that says who and what; Enter opens it again, focus on the chat's heading.
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Chats/ }));
  await expectFocusRing(page);
  await keys.press('Enter');
  await expect(page.getByRole('heading', { name: 'Chats', level: 1 })).toBeFocused();
  const withBo = page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(bo.name) });
  await expect(body).toMatchAriaSnapshot(SIGNED_IN_FRAME);
  await expect(body).toMatchAriaSnapshot(`
    - main:
      - button "Back"
      - heading "Chats" [level=1]
      - list "Conversations":
        - listitem:
          - button /${bo.name}.*Yes please, see you there/
  `);
  await tabTo(page, withBo);
  await expectFocusRing(page);
  await keys.press('Enter');
  await expect(page.getByRole('heading', { name: `Chat with ${bo.name}`, level: 1 })).toBeFocused();
  // Back, by Shift+Tab up to it: the chats list again.
  await tabTo(page, page.getByRole('button', { name: 'Back', exact: true }), { back: true });
  await expectFocusRing(page);
  await keys.press('Enter');
  await expect(page.getByRole('heading', { name: 'Chats', level: 1 })).toBeFocused();
  await context.close();
  await bo.person.context.close();
});
