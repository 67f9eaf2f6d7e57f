/** A stored notification as SPEC 7 answers it (GET /notifications, the live `notification` message). */
import type { Notification } from '../../contract/social';
import type { NotificationRow } from '../db/repositories/notifications';

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  title: row.title,
  title_code: row.titleCode,
  title_params: row.titleParams,
  content: row.content,
  content_code: row.contentCode,
  content_params: row.contentParams,
  read: row.read,
  created_at: row.createdAt.toISOString(),
  link: row.link,
  // As the recipient knows them: their pseudonym where they are anonymous to them (issue 40).
  about_user_id: row.aboutShownId ?? row.aboutUserId,
});
