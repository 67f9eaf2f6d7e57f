/**
 * The people, event and answers the model tests use, in one place for the chart models
 * (which the paths writer loads without vitest) and the tests that replay them.
 */
import type { PublicUser, User } from '../../contract/common';
import type { SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import type { ConnectionStatus } from '../../contract/constants';
import type { AttendeeWithPhoto, ChatMessage, Connection, ReceivedRequest } from '../../contract/social';

export const ada: User = {
  id: '0b7c5d1e-4f7a-4c37-9d1e-2f0a8b6c9d10',
  username: 'ada',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  age: 36,
  occupation: 'Analyst',
  interests: ['engines', 'poetry'],
  social_preferences: ['small groups'],
  personality_traits: ['curious'],
  communication_style: 'balanced',
  photo_data: null,
  social_battery: 8,
  is_available: true,
  created_at: '2024-01-01T00:00:00.000Z',
};

export const ADA_PASSWORD = 'secret1';

export const sam: PublicUser = {
  id: 'a0000000-0000-4000-8000-000000000001',
  username: 'sam',
  name: 'Sam Reed',
  age: 31,
  occupation: 'Librarian',
  interests: ['hiking', 'jazz'],
  social_preferences: [],
  personality_traits: [],
  communication_style: 'introverted',
  photo_data: null,
  is_anonymous: false,
};

export const meetup: Event = {
  id: 'e0000000-0000-4000-8000-000000000001',
  name: 'Quiet Founders Meetup',
  description: 'A slow-paced meetup.',
  location: 'Betahaus, Berlin',
  event_type: 'networking',
  start_time: '2030-05-01T18:00:00.000Z',
  end_time: '2030-05-01T21:00:00.000Z',
  attendees: [],
  attendee_count: 4,
  anxiety_friendly_features: ['quiet_spaces', 'small_groups'],
  is_attending: true,
  created_by: null,
};

export const quietRoom: SafeZone = {
  id: 'c0000000-0000-4000-8000-000000000001',
  name: 'Quiet room',
  description: 'A calm room with soft chairs.',
  zone_type: 'safe_space',
  latitude: 52.5068,
  longitude: 13.3917,
  radius_meters: 25,
};

/** Sam as the attendees list shows them, standing `status` with Ada. */
export const samAttending = (status: ConnectionStatus): AttendeeWithPhoto => ({
  id: sam.id,
  name: sam.name,
  username: sam.username,
  photo_data: null,
  age: sam.age,
  occupation: sam.occupation,
  communication_style: sam.communication_style,
  interests: sam.interests,
  connection_status: status,
});

let messageCounter = 0;

/** A stored chat message, as the server answers it. */
export const storedMessage = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `f0000000-0000-4000-8000-${String(++messageCounter).padStart(12, '0')}`,
  from_user: ada.id,
  to_user: sam.id,
  message: 'Hello',
  message_type: 'text',
  ice_breaker_id: null,
  event_id: null,
  client_id: null,
  timestamp: '2030-05-01T18:00:00.000Z',
  ...overrides,
});

/** Sam's request to Ada, as the live channel brings it. */
export const samsRequest: ReceivedRequest = {
  id: '80000000-0000-4000-8000-000000000001',
  sender: { id: sam.id, name: sam.name, username: sam.username!, occupation: sam.occupation, interests: sam.interests },
  sender_photo: null,
  message: 'Hello from the quiet room',
  event_id: meetup.id,
  created_at: '2030-05-01T18:00:00.000Z',
};

/** Ada and Sam connected, from Ada's side. */
export const withSam: Connection = {
  id: '70000000-0000-4000-8000-000000000001',
  connected_user: { id: sam.id, name: sam.name, username: sam.username!, occupation: sam.occupation, interests: sam.interests, photo_data: null },
  shared_interests: ['hiking'],
  event_id: meetup.id,
  connection_type: 'mutual_interest',
  created_at: '2030-05-01T18:00:00.000Z',
};

export const admin = { id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', username: 'admin', email: 'admin@wallflower.local', role: 'super_admin' };

/** A person in the admin table, active or banned for a week. */
export const kim = (banned: boolean) => ({
  id: '11111111-0000-4000-8000-000000000001',
  username: 'kim',
  name: 'Kim Park',
  email: 'kim@example.org',
  created_at: '2026-11-01T00:00:00.000Z',
  is_active: true,
  is_banned: banned,
  banned_until: banned ? '2030-05-08T00:00:00.000Z' : null,
  ban_reason: banned ? 'Repeated unkind messages' : null,
});
