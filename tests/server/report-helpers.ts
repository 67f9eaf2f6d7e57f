/**
 * Helpers of the report tests (issue 16): reporting through the API, a reported person
 * with a chat message, a group message and a photo at an event they share with the
 * reporter, and a moderator's calls.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ReportBody } from '../../contract/reports';
import type { ResolveReportBody } from '../../contract/admin-reports';
import type { Db } from '../../server/db/client';
import { chatMessages, groupMessages, photos } from '../../server/db/schema';
import type { TestAdmin } from './admin-helpers';
import type { TestUser } from './helpers';
import { makeEvent } from './social-helpers';

export function report(app: FastifyInstance, reporter: TestUser, body: ReportBody) {
  return app.inject({ method: 'POST', url: `/api/reports?user_id=${reporter.user.id}`, headers: reporter.headers, payload: body });
}

/** Reports and answers the report's id, failing the test on anything but 200. */
export async function reported(app: FastifyInstance, reporter: TestUser, body: ReportBody): Promise<string> {
  const res = await report(app, reporter, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { report_id: string }).report_id;
}

export function resolve(app: FastifyInstance, admin: TestAdmin, reportId: string, body: ResolveReportBody) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/reports/${reportId}/resolve?admin_id=${admin.id}`,
    headers: admin.headers,
    payload: body,
  });
}

export function adminReportsPage(app: FastifyInstance, admin: TestAdmin, query = '') {
  return app.inject({ method: 'GET', url: `/api/admin/reports?admin_id=${admin.id}${query}`, headers: admin.headers });
}

/** A chat message from `from` to `to`, stored directly at `at`. */
export async function chatMessage(db: Db, from: string, to: string, message: string, at: Date): Promise<string> {
  const [row] = await db.insert(chatMessages).values({ fromUser: from, toUser: to, message, createdAt: at }).returning({ id: chatMessages.id });
  return row!.id;
}

export async function groupMessage(db: Db, groupId: string, from: string, message: string, at: Date): Promise<string> {
  const [row] = await db.insert(groupMessages).values({ groupId, fromUser: from, message, createdAt: at }).returning({ id: groupMessages.id });
  return row!.id;
}

export async function photo(db: Db, eventId: string, userId: string, caption: string | null = null): Promise<string> {
  const [row] = await db.insert(photos).values({ eventId, userId, photoData: 'SlBFRw==', caption }).returning({ id: photos.id });
  return row!.id;
}

/**
 * The reported person B and a reporter A at an event (with its group chat): B wrote to
 * A, wrote in the group chat and shared a photo there.
 */
export async function offences(db: Db, a: TestUser, b: TestUser, at: Date) {
  const event = await makeEvent(db, [a.user.id, b.user.id]);
  const message = await chatMessage(db, b.user.id, a.user.id, 'You cannot hide from me', at);
  const groupMsg = await groupMessage(db, event.chatId, b.user.id, 'Buy my course at spam.example', at);
  const photoId = await photo(db, event.id, b.user.id, 'Look at this');
  return { event, message, groupMsg, photoId };
}
