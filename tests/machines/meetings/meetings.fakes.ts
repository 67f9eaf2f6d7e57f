/** Meetings (issue 19) as the charts' tests meet them. */
import type { Meeting, MyMeetings } from '../../../contract/meetings';
import { sam } from '../connections.fakes';

export const EVENT_ID = 'e0000000-0000-4000-8000-000000000019';

export const sampleMeeting = (n: number, overrides: Partial<Meeting> = {}): Meeting => ({
  id: `m0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  event_id: EVENT_ID,
  event_name: 'Quiet founders',
  time_zone: 'Europe/Berlin',
  with: sam,
  start_time: '2030-05-01T12:15:00.000Z',
  end_time: '2030-05-01T12:30:00.000Z',
  duration_minutes: 15,
  place: 'Quiet room',
  zone_id: null,
  status: 'proposed',
  waiting_for: 'me',
  proposed_by_me: false,
  created_at: '2030-05-01T11:00:00.000Z',
  ...overrides,
});

export const myMeetings = (overrides: Partial<MyMeetings> = {}): MyMeetings => ({
  proposed_to_me: [],
  proposed_by_me: [],
  accepted: [],
  past: [],
  ...overrides,
});
