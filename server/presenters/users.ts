/** A person's own account as SPEC 7 answers it (registration, login, GET and PUT /users/me). */
import type { User } from '../../contract/common';
import { profileFieldsOf } from '../db/repositories/people';
import type { UserRow } from '../db/repositories/users';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    ...profileFieldsOf(row),
    photo_data: row.photoData,
    social_battery: row.socialBattery,
    is_available: row.isAvailable,
    created_at: row.createdAt.toISOString(),
    email_verified: row.emailVerifiedAt !== null,
    email_meeting_reminders: row.emailMeetingReminders,
    language: row.language === 'de' ? 'de' : 'en',
    opening_moves: row.openingMoves.map(({ id, text }) => ({ id, text })),
    open_to_hello: row.openToHello,
  };
}
