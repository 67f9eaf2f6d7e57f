/** A person's own account as SPEC 7 answers it (registration, login, GET and PUT /users/me). */
import type { User } from '../../contract/common';
import type { CommunicationStyle } from '../../contract/constants';
import type { UserRow } from '../db/repositories/users';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    age: row.age,
    occupation: row.occupation,
    interests: row.interests,
    social_preferences: row.socialPreferences,
    personality_traits: row.personalityTraits,
    communication_style: row.communicationStyle as CommunicationStyle,
    photo_data: row.photoData,
    social_battery: row.socialBattery,
    is_available: row.isAvailable,
    created_at: row.createdAt.toISOString(),
  };
}
