/**
 * Issue 41: meetings by email, through a real SMTP server on loopback. An accepted meeting
 * reaches each person with a verified address, with its calendar file attached; the
 * reminder 5 minutes before goes by email too to those who turned it on, and never to an
 * address nobody confirmed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UserSchema } from '../../../contract/common';
import { users } from '../../../server/db/schema';
import { sendDueReminders } from '../../../server/use-cases/meetings';
import { connect } from '../discovery-helpers';
import { FakeClock, registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { startSmtp, type TestSmtp } from '../mail-helpers';
import { as, makeEvent } from '../social-helpers';

const at = (hhmm: string) => `2026-11-22T${hhmm}:00.000Z`;

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await testApp({ clock: new FakeClock(new Date(at('10:00')).getTime()), config: { smtpUrl: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const verified = (u: TestUser) => t.database.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, u.user.id));
const meetingMails = (u: TestUser, subject: RegExp) => smtp.to(u.user.email).filter((m) => subject.test(m.subject ?? ''));

async function acceptedMeeting(a: TestUser, b: TestUser) {
  const eventId = (await makeEvent(t.database.db, [a.user.id, b.user.id], { start: new Date(at('09:00')) })).id;
  await connect(t.database.db, a.user.id, b.user.id);
  const proposed = await as(t.app, a).post(`/api/meetings?user_id=${a.user.id}`, {
    with_user_id: b.user.id,
    event_id: eventId,
    start_time: at('11:00'),
    duration_minutes: 15,
    place: 'By the coffee bar',
  });
  expect(proposed.statusCode, proposed.body).toBe(200);
  const id = proposed.json().id as string;
  const res = await as(t.app, b).post(`/api/meetings/${id}/respond?user_id=${b.user.id}`, { action: 'accept' });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

describe('meetings by email', () => {
  it('mails an accepted meeting with its .ics to each verified address, and not to an unverified one', async () => {
    t.clock.set(new Date(at('10:00')));
    const [ann, ben] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    await verified(ann);
    const id = await acceptedMeeting(ann, ben);
    await t.app.mailer.settled();

    const [mail, ...more] = meetingMails(ann, /^Your meeting with/);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toContain(ben.user.name);
    expect(mail!.text).toContain('By the coffee bar');
    expect(mail!.text).toMatch(/Sunday, 22 November 2026 at 11:00/);
    // In Ann's language only (English: she never said another).
    expect(mail!.text).not.toMatch(/Sonntag/);
    const [ics] = mail!.attachments;
    expect(ics!.contentType).toBe('text/calendar');
    expect(ics!.filename).toBe('meeting.ics');
    const calendar = ics!.content.toString('utf8');
    expect(calendar).toContain('BEGIN:VCALENDAR');
    expect(calendar).toContain(`UID:${id}@wallflower`);
    expect(calendar).toContain('DTSTART:20261122T110000Z');
    expect(calendar).toContain('STATUS:CONFIRMED');

    expect(meetingMails(ben, /^Your meeting with/)).toHaveLength(0);
  });

  it('mails a German person their confirmation in German, the time as German writes it', async () => {
    t.clock.set(new Date(at('10:00')));
    const [gil, hal] = await Promise.all([registerUser(t.app, { language: 'de' }), registerUser(t.app)]);
    await verified(gil);
    await acceptedMeeting(hal, gil);
    await t.app.mailer.settled();
    const [mail, ...more] = meetingMails(gil, /^Euer Treffen steht/);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Euer Treffen steht: ${hal.user.name}`);
    expect(mail!.text).toMatch(/Sonntag, 22\. November 2026 um 11:00/);
    expect(mail!.text).not.toMatch(/Sunday|Hello/);
    expect(mail!.html).toContain('<html lang="de">');
    expect(mail!.attachments[0]!.filename).toBe('meeting.ics');
  });

  it('sends the reminder by email only to those who turned it on, with a verified address', async () => {
    t.clock.set(new Date(at('10:00')));
    const [cat, dan] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    await verified(cat);
    for (const u of [cat, dan]) {
      const res = await as(t.app, u).put(`/api/auth/profile?user_id=${u.user.id}`, { email_meeting_reminders: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(UserSchema.parse(res.json()).email_meeting_reminders).toBe(true);
    }
    await acceptedMeeting(cat, dan);
    t.clock.set(new Date(at('10:55')));
    await sendDueReminders(t.app);
    await t.app.mailer.settled();
    const [reminder, ...more] = meetingMails(cat, /^In 5 minutes/);
    expect(more).toHaveLength(0);
    expect(reminder!.text).toContain(`you are meeting ${dan.user.name} at By the coffee bar in 5 minutes`);
    expect(meetingMails(dan, /^In 5 minutes/)).toHaveLength(0);
  });

  it('sends no reminder by email to someone who did not turn it on', async () => {
    t.clock.set(new Date(at('10:00')));
    const [eve, fay] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    await Promise.all([verified(eve), verified(fay)]);
    await acceptedMeeting(eve, fay);
    t.clock.set(new Date(at('10:55')));
    await sendDueReminders(t.app);
    await t.app.mailer.settled();
    expect(meetingMails(eve, /^In 5 minutes/)).toHaveLength(0);
    expect(meetingMails(fay, /^In 5 minutes/)).toHaveLength(0);
    // The confirmation went to both.
    expect(meetingMails(eve, /^Your meeting with/)).toHaveLength(1);
    expect(meetingMails(fay, /^Your meeting with/)).toHaveLength(1);
  });
});
