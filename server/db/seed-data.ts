/**
 * The demo's cast and program (db/seed.ts plants them): the interests people draw from,
 * the 36 attendees with their privacy exceptions, and the six events with their zones
 * and features. Plain data, so the seeding reads as steps.
 */

export const INTEREST_POOL = [
  'hiking',
  'photography',
  'jazz',
  'board games',
  'climbing',
  'cooking',
  'machine learning',
  'design',
  'running',
  'poetry',
  'coffee',
  'open source',
  'gardening',
  'cinema',
  'yoga',
  'startups',
  'chess',
  'podcasts',
  'travel',
  'sketching',
  'baking',
  'cycling',
  'indie games',
  'sustainability',
  'languages',
] as const;

export const SOCIAL_PREFERENCES = [
  'small groups',
  'one-on-one chats',
  'quiet corners',
  'structured activities',
  'outdoor walks',
  'big parties',
] as const;

export const PERSONALITY_TRAITS = ['curious', 'thoughtful', 'playful', 'calm', 'organised', 'creative', 'good listener'] as const;

/** Micro-community names and descriptions for each interest of the pool. */
export const COMMUNITY_COPY: Record<(typeof INTEREST_POOL)[number], [string, string]> = {
  hiking: ['Trail talkers', 'For people who would rather chat while walking. Weekend hike ideas welcome.'],
  photography: ['Photo walkers', 'Bring any camera, even a phone. We swap tips and take slow photo walks.'],
  jazz: ['Jazz corner', 'Records, small venues and late-night sessions. Listening counts as talking here.'],
  'board games': ['Table top crew', 'Short games that break the ice. Rules are explained, nobody is rushed.'],
  climbing: ['Boulder buddies', 'Find a climbing partner for the wall. All grades, no judgement.'],
  cooking: ['Kitchen table', 'Recipes, markets and the dish you always bring. Share one small win.'],
  'machine learning': ['ML coffee chats', 'From first notebook to production models. Questions are the best part.'],
  design: ['Design crit club', 'Gentle feedback on sketches, screens and posters. Kindness first.'],
  running: ['Easy pace runners', 'Conversational pace only. A loop of the park after the event.'],
  poetry: ['Quiet verses', 'Read a favourite poem or just listen. No pressure to share your own.'],
  coffee: ['Filter & friends', 'Beans, brew methods and the best cafés nearby.'],
  'open source': ['Open source circle', 'Find a project, a first issue, or someone to pair with.'],
  gardening: ['Balcony gardeners', 'Seedlings, cuttings and small-space growing tips.'],
  cinema: ['Film club', 'What we watched lately and what to see next. Spoilers marked.'],
  yoga: ['Stretch & breathe', 'A calm corner for people who like to slow down.'],
  startups: ['Founders’ bench', 'Early ideas, side projects and honest stories about building things.'],
  chess: ['Chess corner', 'Quick games and friendly analysis. Boards provided.'],
  podcasts: ['Podcast swap', 'Recommend one episode, take one home.'],
  travel: ['Slow travellers', 'Trains, long walks and places worth a second visit.'],
  sketching: ['Sketchbook circle', 'Draw the room together. Pencils and paper on the table.'],
  baking: ['Sourdough society', 'Starters, crumb shots and the occasional cake.'],
  cycling: ['Two wheels', 'Routes, repairs and rides out of the city.'],
  'indie games': ['Indie game nook', 'Small games with big hearts. Play, make or just talk about them.'],
  sustainability: ['Green thinkers', 'Everyday ways to waste less, and the projects that help.'],
  languages: ['Language tandem', 'Practise a language with someone learning yours. Mistakes welcome.'],
};

type Visibility = 'public' | 'friends' | 'private' | 'anonymous';
export type Style = 'introverted' | 'balanced' | 'extroverted';

interface PersonSeed {
  username: string;
  name: string;
  age: number | null;
  occupation: string | null;
  /** Hand-picked profile details for the lead demo login; others are drawn from the PRNG. */
  interests?: string[];
  socialBattery?: number;
  communicationStyle?: Style;
}

export const PEOPLE: PersonSeed[] = [
  {
    username: 'maya',
    name: 'Maya Okafor',
    age: 29,
    occupation: 'UX researcher',
    interests: ['photography', 'design', 'jazz', 'coffee', 'board games', 'podcasts'],
    socialBattery: 6,
    communicationStyle: 'introverted',
  },
  { username: 'jonas.weber', name: 'Jonas Weber', age: 34, occupation: 'Data engineer' },
  { username: 'aiko_t', name: 'Aiko Tanaka', age: 27, occupation: 'Illustrator' },
  { username: 'liam.oconnor', name: "Liam O'Connor", age: 41, occupation: 'Secondary school teacher' },
  { username: 'priya.s', name: 'Priya Sharma', age: 31, occupation: 'Product manager' },
  { username: 'tomasz_k', name: 'Tomasz Kowalski', age: 38, occupation: 'Carpenter' },
  { username: 'sofia.rossi', name: 'Sofia Rossi', age: 24, occupation: 'Architecture student' },
  { username: 'noah.b', name: 'Noah Becker', age: null, occupation: 'Software developer' },
  { username: 'elif.yilmaz', name: 'Elif Yılmaz', age: 45, occupation: 'Pharmacist' },
  { username: 'marcus_j', name: 'Marcus Johnson', age: 36, occupation: 'Sound engineer' },
  { username: 'hannah.m', name: 'Hannah Müller', age: 52, occupation: 'Librarian' },
  { username: 'diego.fernandez', name: 'Diego Fernández', age: 30, occupation: 'Barista' },
  { username: 'chloe.dubois', name: 'Chloé Dubois', age: 26, occupation: null },
  { username: 'yusuf_a', name: 'Yusuf Ahmed', age: 33, occupation: 'Civil engineer' },
  { username: 'freya.l', name: 'Freya Lindqvist', age: 28, occupation: 'Game designer' },
  { username: 'ravi.patel', name: 'Ravi Patel', age: 47, occupation: 'Accountant' },
  { username: 'nina_k', name: 'Nina Kovač', age: 22, occupation: null },
  { username: 'oliver.smith', name: 'Oliver Smith', age: 58, occupation: 'Airline pilot' },
  { username: 'lena.hoffmann', name: 'Lena Hoffmann', age: 39, occupation: 'Nurse' },
  { username: 'kwame.mensah', name: 'Kwame Mensah', age: 32, occupation: 'Startup founder' },
  { username: 'isabel.costa', name: 'Isabel Costa', age: null, occupation: 'Translator' },
  { username: 'felix_w', name: 'Felix Wagner', age: 25, occupation: 'Bike mechanic' },
  { username: 'mei.chen', name: 'Mei Chen', age: 35, occupation: 'Machine learning engineer' },
  { username: 'samir.haddad', name: 'Samir Haddad', age: 44, occupation: 'Chef' },
  { username: 'julia.nowak', name: 'Julia Nowak', age: 30, occupation: 'Marketing specialist' },
  { username: 'ben.carter', name: 'Ben Carter', age: 27, occupation: 'Podcast producer' },
  { username: 'amara.obi', name: 'Amara Obi', age: 37, occupation: 'Doctor' },
  { username: 'lukas.fischer', name: 'Lukas Fischer', age: 23, occupation: null },
  { username: 'zoe.martin', name: 'Zoé Martin', age: 31, occupation: 'Photographer' },
  { username: 'arjun.rao', name: 'Arjun Rao', age: 42, occupation: 'Lawyer' },
  { username: 'sara.lind', name: 'Sara Lind', age: 29, occupation: 'Yoga teacher' },
  { username: 'mateo.garcia', name: 'Mateo García', age: null, occupation: 'Musician' },
  { username: 'ingrid.berg', name: 'Ingrid Berg', age: 55, occupation: 'Landscape gardener' },
  { username: 'kai.schmidt', name: 'Kai Schmidt', age: 26, occupation: 'Student' },
  { username: 'leila.karimi', name: 'Leila Karimi', age: 34, occupation: 'Sustainability consultant' },
  { username: 'theo.vance', name: 'Theo Vance', age: 40, occupation: null },
];

/** Privacy and availability exceptions, by index into PEOPLE; everyone else keeps the defaults. */
export const VISIBILITY: Record<number, Visibility> = {
  7: 'friends',
  19: 'friends',
  30: 'friends',
  12: 'private',
  26: 'private',
  4: 'anonymous',
  16: 'anonymous',
  33: 'anonymous',
};
export const HIDE_INTERESTS = new Set([9, 22]);
export const HIDE_PICTURE = new Set([14, 28]);
export const ANONYMOUS_BROWSING = new Set([11, 24]);
export const SAFE_SPACE_MODE = new Set([5, 20]);
export const UNAVAILABLE = new Set([8, 17, 31]);

interface EventSeed {
  name: string;
  description: string;
  location: string;
  eventType: string;
  latitude: number;
  longitude: number;
  features: string[];
  /** null: in progress at `now`; otherwise days from today (starting at `hourUtc`). */
  inDays: number | null;
  hourUtc: number;
  hours: number;
}

export const EVENTS: EventSeed[] = [
  {
    name: 'Quiet Founders Meetup',
    description:
      'A slow-paced networking meetup for founders and the curious. Name tags show one thing you would like to talk about, and there is a quiet room if you need a break.',
    location: 'Betahaus, Rudi-Dutschke-Straße 23, 10969 Berlin',
    eventType: 'networking',
    latitude: 52.5066,
    longitude: 13.3913,
    features: ['quiet_spaces', 'small_groups', 'ice_breakers'],
    inDays: null,
    hourUtc: 0,
    hours: 8,
  },
  {
    name: 'Board Games & Tea Social',
    description:
      'Tables of four, short games with rules explained, and plenty of tea. Come alone: hosts will find you a table.',
    location: 'Spielwiese Café, Kopenhagener Straße 17, 10437 Berlin',
    eventType: 'party',
    latitude: 52.5477,
    longitude: 13.4087,
    features: ['small_groups', 'structured_activities'],
    inDays: null,
    hourUtc: 0,
    hours: 8,
  },
  {
    name: 'Friendly Frontend Conference',
    description:
      'Talks on design systems, accessibility and the web platform. Breaks are long, seating is reserved for those who need it, and a quiet room is open all day.',
    location: 'Radialsystem, Holzmarktstraße 33, 10243 Berlin',
    eventType: 'conference',
    latitude: 52.5106,
    longitude: 13.4285,
    features: ['quiet_spaces', 'structured_activities', 'ice_breakers'],
    inDays: null,
    hourUtc: 0,
    hours: 8,
  },
  {
    name: 'Tempelhof Photo Walk',
    description:
      'A gentle walk across the old airfield with cameras or phones. We stop every few minutes for a small photo challenge, so there is always something to talk about.',
    location: 'Tempelhofer Feld, Columbiadamm entrance, 10965 Berlin',
    eventType: 'sports',
    latitude: 52.4816,
    longitude: 13.3996,
    features: ['small_groups', 'structured_activities'],
    inDays: 1,
    hourUtc: 13,
    hours: 3,
  },
  {
    name: 'Rooftop Party',
    description:
      'Music, lights and a view over Neukölln, with a chill-out corner away from the speakers for when it gets loud.',
    location: 'Klunkerkranich, Karl-Marx-Straße 66, 12043 Berlin',
    eventType: 'party',
    latitude: 52.4812,
    longitude: 13.4318,
    features: ['quiet_spaces', 'ice_breakers'],
    inDays: 2,
    hourUtc: 18,
    hours: 5,
  },
  {
    name: 'Product People Breakfast',
    description:
      'A structured breakfast for product managers, designers and engineers: three short rounds at small tables, each with a question to start the conversation.',
    location: 'Factory Berlin, Lohmühlenstraße 65, 12435 Berlin',
    eventType: 'networking',
    latitude: 52.4943,
    longitude: 13.4475,
    features: ['structured_activities', 'ice_breakers', 'small_groups'],
    inDays: 4,
    hourUtc: 7,
    hours: 3,
  },
];
