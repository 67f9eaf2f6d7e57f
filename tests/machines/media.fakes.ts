/** Sample answers for the photos, feed, analytics, plans and business-card charts. */
import type { EventAnalytics, FeedEntry, Photo } from '../../contract/media';
import type { BusinessCard, Plan } from '../../contract/plans';
import { asWritten } from '../../contract/said';
import { ada } from './app.fakes';
import { sampleEvent } from './discovery.fakes';

export const meetup = sampleEvent({ is_attending: true });

let photoCounter = 0;
/** A photo at the meetup; photo_data is a stand-in (not real JPEG bytes) unless given. */
export const samplePhoto = (overrides: Partial<Photo> = {}): Photo => {
  photoCounter += 1;
  const n = String(photoCounter).padStart(12, '0');
  return {
    id: `f0000000-0000-4000-8000-${n}`,
    event_id: meetup.id,
    user_id: 'a0000000-0000-4000-8000-000000000099',
    photo_data: 'AAAA',
    caption: `Photo ${photoCounter}`,
    created_at: new Date(Date.UTC(2030, 4, 1, 18, photoCounter)).toISOString(),
    likes: [],
    like_count: 0,
    liked_by_me: false,
    ...overrides,
  };
};

export const feedEntry = (overrides: Partial<FeedEntry> = {}): FeedEntry => ({
  id: 'f1000000-0000-4000-8000-000000000001',
  kind: 'joined',
  text: 'Sam joined the event',
  code: 'feed.joinedEvent',
  params: { who: asWritten('Sam') },
  actor_name: 'Sam',
  created_at: '2030-05-01T18:00:00.000Z',
  subject_id: null,
  ...overrides,
});

export const sampleAnalytics = (overrides: Partial<EventAnalytics> = {}): EventAnalytics => ({
  total_attendees: 24,
  active_conversations: 5,
  successful_connections: 6,
  photos_shared: 3,
  average_compatibility_score: 0.634,
  engagement_metrics: {
    connection_rate: 0.4167,
    compatibility_distribution: { red: 1, yellow: 3, green: 2 },
  },
  connections_by_hour: Array.from({ length: 12 }, (_, i) => ({
    hour: new Date(Date.UTC(2030, 4, 1, 8 + i)).toISOString(),
    count: [0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 3, 0][i]!,
  })),
  ...overrides,
});

export const PLANS: Plan[] = [
  { name: 'Free', description: 'Everything you need.', price: 0, features: ['nearby_people', 'five_pending_requests_per_event'] },
  { name: 'Premium', description: 'More room to reach out.', price: 9.99, features: ['nearby_people', 'more_pending_requests'] },
  { name: 'Professional', description: 'For work.', price: 19.99, features: ['nearby_people', 'more_pending_requests'] },
];

export const adaCard = (overrides: Partial<BusinessCard> = {}): BusinessCard => ({
  name: ada.name,
  title: 'Analyst',
  company: 'Analytical Engines Ltd',
  email: 'ada@engines.example',
  phone: '+44 20 7946 0000',
  linkedin: 'https://www.linkedin.com/in/ada',
  website: 'https://ada.example',
  bio: 'Poetical science.',
  ...overrides,
});
