/** A stored notification as SPEC 7 answers it (GET /notifications, the live `notification` message). */
import type { Notification } from '../../contract/social';
import type { NotificationRow } from '../db/repositories/notifications';

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  title: row.title,
  content: row.content,
  read: row.read,
  created_at: row.createdAt.toISOString(),
  link: row.link,
});
