/**
 * Issue 18 "Just listening": Lou listens to the event's group chat and reads Ada's
 * messages unseen; Ada sees only "1 listening", never who. Lou's first message makes him
 * a member: Ada sees him among the members, and nobody listening.
 */
import { LISTENING_WORDS as W_SAID } from '../../contract/listening-words';
import { Attendee, toTop } from './connections.pages';
import { checkView, Person, QUIET_FOUNDERS } from './discovery.pages';
import { expect, test } from './fixtures';
import { english } from '../../contract/said';

const W = english(W_SAID);

const dayAhead = (time: string) => {
  const d = new Date(Date.now() + 24 * 3_600_000);
  return `${d.toISOString().slice(0, 10)}T${time}`;
};

test('a listener reads a group chat unseen, then posts', async ({ browser }) => {
  test.setTimeout(360_000);
  const name = `Reading Circle ${Date.now().toString(36)}`;
  const host = await Person.register(browser, 'Hal');
  await host.createEvent({ name, location: `Library Annex ${name}, Berlin`, start: dayAhead('17:00'), end: dayAhead('19:00') });
  await host.page.getByRole('button', { name: 'Create Event', exact: true }).click();
  await host.skipQuietRoom();

  const ada = new Attendee(await Person.register(browser, 'Ada'));
  const lou = new Attendee(await Person.register(browser, 'Lou'));
  for (const p of [ada.person, lou.person]) await p.openEvent(name);

  // Ada says hello: her first message makes her a member.
  await ada.openGroupChat();
  const hello = `Hello, readers (${Date.now().toString(36)})`;
  await ada.say(hello);
  await expect(ada.page.getByRole('button', { name: W.members({ n: 1 }) })).toBeVisible();

  // Lou opens the chat, is offered the calm choice and just listens; he reads everything.
  await lou.openGroupChat();
  const choice = lou.page.getByRole('region', { name: 'Your place in this chat' });
  await expect(choice).toContainText(W.choice);
  await toTop(lou.page);
  await checkView(lou.page, 'group-chat-choice');
  await choice.getByRole('button', { name: W.justListen }).click();
  await expect(lou.page.getByText(W.youListen)).toBeVisible();
  await expect(lou.page.getByText(W.postingMakesMember)).toBeVisible();
  await expect(lou.chatLog().getByText(hello)).toBeVisible();
  await toTop(lou.page);
  await checkView(lou.page, 'group-chat-listening');

  // Ada sees one listening, and only herself among the members: never who listens.
  await expect(ada.page.getByText(W.listening({ n: 1 }), { exact: true })).toBeVisible();
  await ada.page.getByRole('button', { name: W.members({ n: 1 }) }).click();
  const members = ada.page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem')).toHaveText(['You']);
  await expect(ada.page.getByText(lou.name)).toHaveCount(0);
  const more = `Chapter three tonight? (${Date.now().toString(36)})`;
  await ada.say(more);
  await expect(lou.chatLog().getByText(more)).toBeVisible();
  await toTop(ada.page);
  await checkView(ada.page, 'group-chat-listened');

  // Lou posts: now a member, listed to Ada, and nobody is listening.
  const reply = `Count me in (${Date.now().toString(36)})`;
  await lou.say(reply);
  await expect(ada.chatLog().getByText(reply)).toBeVisible();
  await expect(lou.page.getByText(W.youListen)).toHaveCount(0);
  await expect(lou.page.getByText(W.postingMakesMember)).toHaveCount(0);
  await expect(ada.page.getByRole('button', { name: W.members({ n: 2 }) })).toBeVisible();
  await expect(members.getByRole('listitem')).toHaveText(['You', lou.name]);
  await expect(ada.page.getByText(/^\d+ (others? )?listening$/)).toHaveCount(0);
  await toTop(ada.page);
  await checkView(ada.page, 'group-chat-members');

  for (const p of [host, ada.person, lou.person]) await p.context.close();
});

test("listening to an interest group's chat from the event view, without joining the group", async ({ browser }) => {
  test.setTimeout(240_000);
  const lou = new Attendee(await Person.register(browser, 'Lou'));
  await lou.person.openEvent(QUIET_FOUNDERS.name);
  await lou.person.openTab('Groups');
  const group = lou.page.getByRole('region', { name: 'Interest groups' }).getByRole('article').first();
  const groupName = (await group.getByRole('heading').textContent())!;
  await expect(group.getByRole('button', { name: 'Join' })).toBeVisible();
  await checkView(lou.page, 'event-view-listen');
  await group.getByRole('button', { name: `${W.listen} to the chat of ${groupName}` }).click();

  // The group's chat opens, listened to: read unseen, the group not joined.
  await expect(lou.page.getByRole('heading', { name: 'Group chat', level: 1 })).toBeVisible();
  await expect(lou.page.getByRole('heading', { name: groupName, level: 2 })).toBeVisible();
  await expect(lou.page.getByText(W.youListen)).toBeVisible();
  await expect(lou.page.getByRole('button', { name: groupName, pressed: true })).toBeVisible();

  // Back on the event, the group says so and still offers Join.
  await lou.backToEvent(QUIET_FOUNDERS.name);
  await lou.person.openTab('Groups');
  await expect(group.getByRole('button', { name: `${W.listeningToGroup}: open the chat of ${groupName}` })).toBeVisible();
  await expect(group.getByRole('button', { name: 'Join' })).toBeVisible();
  await lou.person.context.close();
});
