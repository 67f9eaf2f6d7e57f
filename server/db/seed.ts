/**
 * Demo data for a fresh database: six events (three happening now), 36 attendees with
 * overlapping interests, positions, zones, micro-communities, group chats, plans, a few
 * connections and business cards, and the first admin. Everything is deterministic: a
 * seeded PRNG stands in for randomness, so every fresh start shows the same people.
 */
import { sql } from 'drizzle-orm';
import { type CompatProfile, compatibility } from '../domain/compatibility';
import { hashPassword } from '../domain/passwords';
import { createAdmin, generateAdminPassword } from './bootstrap';
import { ensurePlans } from './repositories/plans';
import type { Queryable } from './client';
import {
  admins,
  businessCards,
  connections,
  eventAttendees,
  events,
  groupChats,
  microCommunities,
  microCommunityMembers,
  safeZones,
  userLocations,
  users,
} from './schema';

export interface DemoLogin {
  role: 'admin' | 'attendee';
  username: string;
  password: string;
}

const DEMO_ADMIN_USERNAME = 'admin';
const ATTENDEE_PASSWORD = 'wallflower';
const SEED = 0x5eed_2026;

const HOUR = 60 * 60 * 1000;

/** mulberry32: a tiny, fast, seeded PRNG returning numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const intBetween = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));
function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
const sample = <T>(rng: Rng, items: readonly T[], n: number): T[] => shuffled(rng, items).slice(0, n);
/** Keeps the pool's order, so stored lists read consistently. */
const sampleInOrder = <T>(rng: Rng, items: readonly T[], n: number): T[] => {
  const picked = new Set(sample(rng, items, n));
  return items.filter((x) => picked.has(x));
};

/** A point `meters` away from (lat, lng) in direction `bearingDeg` (0 = north). */
function offset(lat: number, lng: number, meters: number, bearingDeg: number): { latitude: number; longitude: number } {
  const b = (bearingDeg * Math.PI) / 180;
  const dLat = (meters * Math.cos(b)) / 111_320;
  const dLng = (meters * Math.sin(b)) / (111_320 * Math.cos((lat * Math.PI) / 180));
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  return { latitude: round(lat + dLat), longitude: round(lng + dLng) };
}

const INTEREST_POOL = [
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

const SOCIAL_PREFERENCES = [
  'small groups',
  'one-on-one chats',
  'quiet corners',
  'structured activities',
  'outdoor walks',
  'big parties',
] as const;

const PERSONALITY_TRAITS = ['curious', 'thoughtful', 'playful', 'calm', 'organised', 'creative', 'good listener'] as const;

/** Micro-community names and descriptions for each interest of the pool. */
const COMMUNITY_COPY: Record<(typeof INTEREST_POOL)[number], [string, string]> = {
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
type Style = 'introverted' | 'balanced' | 'extroverted';

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

const PEOPLE: PersonSeed[] = [
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
const VISIBILITY: Record<number, Visibility> = {
  7: 'friends',
  19: 'friends',
  30: 'friends',
  12: 'private',
  26: 'private',
  4: 'anonymous',
  16: 'anonymous',
  33: 'anonymous',
};
const HIDE_INTERESTS = new Set([9, 22]);
const HIDE_PICTURE = new Set([14, 28]);
const ANONYMOUS_BROWSING = new Set([11, 24]);
const SAFE_SPACE_MODE = new Set([5, 20]);
const UNAVAILABLE = new Set([8, 17, 31]);

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

const EVENTS: EventSeed[] = [
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
    eventType: 'casual',
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
    eventType: 'interest-based',
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
    eventType: 'professional',
    latitude: 52.4943,
    longitude: 13.4475,
    features: ['structured_activities', 'ice_breakers', 'small_groups'],
    inDays: 4,
    hourUtc: 7,
    hours: 3,
  },
];



/** True when the database has no user and no admin yet. */
async function isFresh(db: Queryable): Promise<boolean> {
  const [u] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  const [a] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
  return (u?.n ?? 0) === 0 && (a?.n ?? 0) === 0;
}

/**
 * Fills a fresh database with demo data in one transaction and returns the demo logins;
 * returns null and writes nothing when there is already a user or an admin.
 */
export async function seedDemo(
  db: Queryable,
  now: Date = new Date(),
  opts: { demoAdmin: boolean } = { demoAdmin: true },
): Promise<{ logins: DemoLogin[] } | null> {
  if (!(await isFresh(db))) return null;
  // One hash for every demo attendee: hashing 36 times would slow every start.
  const passwordHash = await hashPassword(ATTENDEE_PASSWORD);
  const rng = mulberry32(SEED);

  // --- People (in memory first, so attendance and logins can be planned) ---
  const people = PEOPLE.map((p, i) => {
    const styleRoll = rng();
    const communicationStyle: Style = styleRoll < 0.45 ? 'introverted' : styleRoll < 0.8 ? 'balanced' : 'extroverted';
    const interests: string[] = sampleInOrder(rng, INTEREST_POOL, intBetween(rng, 2, 6));
    const socialPreferences: string[] = sampleInOrder(rng, SOCIAL_PREFERENCES, intBetween(rng, 1, 3));
    const personalityTraits: string[] = sampleInOrder(rng, PERSONALITY_TRAITS, intBetween(rng, 2, 3));
    const socialBattery = intBetween(rng, 1, 10);
    return {
      ...p,
      index: i,
      interests: p.interests ?? interests,
      socialPreferences,
      personalityTraits,
      communicationStyle: p.communicationStyle ?? communicationStyle,
      socialBattery: p.socialBattery ?? socialBattery,
      visibilityMode: VISIBILITY[i] ?? 'public',
    };
  });

  // --- Attendance plan: everyone attends 1-2 of the events happening now and 2-4 in all ---
  const liveIdx = EVENTS.flatMap((e, i) => (e.inDays === null ? [i] : []));
  const upcomingIdx = EVENTS.flatMap((e, i) => (e.inDays === null ? [] : [i]));
  const attendeesOf: number[][] = EVENTS.map(() => []);
  const primaryOf: number[] = [];
  for (const p of people) {
    const i = p.index;
    const primary = liveIdx[i % liveIdx.length]!;
    primaryOf.push(primary);
    const mine = [primary];
    if (i % 4 !== 3) mine.push(liveIdx[(i + 1) % liveIdx.length]!);
    const extra = intBetween(rng, Math.max(0, 2 - mine.length), 4 - mine.length);
    mine.push(...sample(rng, upcomingIdx, extra));
    for (const e of mine) attendeesOf[e]!.push(i);
  }
  for (const list of attendeesOf) list.sort((a, b) => a - b);

  // Creators: a public attendee of each event.
  const creatorOf = attendeesOf.map((list, e) => {
    const publicOnes = list.filter((i) => people[i]!.visibilityMode === 'public');
    const pool = publicOnes.length > 0 ? publicOnes : list;
    if (pool.length === 0) throw new Error(`Demo seed: event ${e} has no attendees`);
    return pool[Math.floor(rng() * pool.length)]!;
  });

  // Demo logins: public, default-privacy, available attendees of the first live event, Maya first.
  const firstLive = liveIdx[0]!;
  const isPlain = (i: number) =>
    people[i]!.visibilityMode === 'public' &&
    !HIDE_INTERESTS.has(i) &&
    !HIDE_PICTURE.has(i) &&
    !ANONYMOUS_BROWSING.has(i) &&
    !SAFE_SPACE_MODE.has(i) &&
    !UNAVAILABLE.has(i);
  const loginIdx = attendeesOf[firstLive]!.filter(isPlain).slice(0, 3);

  const logins = await db.transaction(async (tx) => {
    const userRows = await tx
      .insert(users)
      .values(
        people.map((p) => ({
          username: p.username,
          name: p.name,
          email: `${p.username}@example.com`,
          passwordHash,
          age: p.age,
          occupation: p.occupation,
          interests: p.interests,
          socialPreferences: p.socialPreferences,
          personalityTraits: p.personalityTraits,
          communicationStyle: p.communicationStyle,
          photoData: null,
          socialBattery: p.socialBattery,
          isAvailable: !UNAVAILABLE.has(p.index),
          visibilityMode: p.visibilityMode,
          showInterests: !HIDE_INTERESTS.has(p.index),
          showProfilePicture: !HIDE_PICTURE.has(p.index),
          anonymousBrowsing: ANONYMOUS_BROWSING.has(p.index),
          safeSpaceMode: SAFE_SPACE_MODE.has(p.index),
          createdAt: new Date(now.getTime() - (40 - p.index) * 24 * HOUR),
        })),
      )
      .returning({ id: users.id, username: users.username });
    const idByUsername = new Map(userRows.map((r) => [r.username, r.id]));
    const userId = (i: number) => idByUsername.get(PEOPLE[i]!.username)!;

    // --- Events ---
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const eventRows = await tx
      .insert(events)
      .values(
        EVENTS.map((e, i) => {
          const start =
            e.inDays === null ? new Date(now.getTime() - 2 * HOUR) : new Date(today + e.inDays * 24 * HOUR + e.hourUtc * HOUR);
          return {
            name: e.name,
            description: e.description,
            location: e.location,
            eventType: e.eventType,
            startTime: start,
            endTime: new Date(start.getTime() + e.hours * HOUR),
            anxietyFriendlyFeatures: e.features,
            latitude: e.latitude,
            longitude: e.longitude,
            // Every demo event is in Berlin; its organizer may place more zones (issue 17).
            timeZone: 'Europe/Berlin',
            createdBy: userId(creatorOf[i]!),
            createdAt: new Date(now.getTime() - (14 - i) * 24 * HOUR),
          };
        }),
      )
      .returning({ id: events.id });
    const eventId = (i: number) => eventRows[i]!.id;

    await tx.insert(groupChats).values(
      EVENTS.map((e, i) => ({ eventId: eventId(i), communityId: null, name: `${e.name} — everyone` })),
    );

    await tx
      .insert(eventAttendees)
      .values(attendeesOf.flatMap((list, e) => list.map((i) => ({ eventId: eventId(e), userId: userId(i) }))));

    // --- Positions: each attendee at their main live event, within ~150 m of its centre ---
    const locationRows = people.map((p) => {
      const e = primaryOf[p.index]!;
      const ev = EVENTS[e]!;
      const distance = 150 * Math.sqrt(rng());
      const pos = offset(ev.latitude, ev.longitude, distance, rng() * 360);
      return {
        userId: userId(p.index),
        eventId: eventId(e),
        ...pos,
        updatedAt: new Date(now.getTime() - Math.floor(rng() * 10 * 60) * 1000),
      };
    });
    await tx.insert(userLocations).values(locationRows);

    // --- Safe zones and micro-communities of the live events ---
    const usedTags = new Set<string>();
    for (const [n, e] of liveIdx.entries()) {
      const ev = EVENTS[e]!;
      const quiet = offset(ev.latitude, ev.longitude, 40, 45 + n * 30);
      const green = offset(ev.latitude, ev.longitude, 60, 200 + n * 25);
      await tx.insert(safeZones).values([
        {
          eventId: eventId(e),
          name: 'Quiet room',
          description: 'A calm room with soft light and no music. Come in whenever you need a breather; nobody will ask you to talk.',
          zoneType: 'safe_space',
          ...quiet,
          radiusMeters: 25,
        },
        {
          eventId: eventId(e),
          name: 'Speaker green room',
          description: 'Kept for speakers and hosts to get ready. Your profile is hidden here if you have auto-hide turned on.',
          zoneType: 'restricted',
          ...green,
          radiusMeters: 20,
        },
        {
          eventId: eventId(e),
          name: 'Main hall',
          description: 'Where most of the event happens. Take it at your own pace and step out whenever you like.',
          zoneType: 'other',
          latitude: ev.latitude,
          longitude: ev.longitude,
          radiusMeters: 120,
        },
      ]);

      // The interests most shared among this event's attendees, in pool order on ties.
      const attendees = attendeesOf[e]!;
      const holders = (tag: string) => attendees.filter((i) => people[i]!.interests.includes(tag));
      const ranked = INTEREST_POOL.map((tag, order) => ({ tag, order, count: holders(tag).length }))
        .filter((x) => x.count >= 2)
        .sort((a, b) => b.count - a.count || a.order - b.order);
      const count = n === 0 ? 4 : 3;
      // Prefer tags not used at an earlier live event, so each event has its own mix.
      const fresh = ranked.filter((x) => !usedTags.has(x.tag));
      const picks = [...fresh, ...ranked.filter((x) => usedTags.has(x.tag))].slice(0, count);
      for (const pick of picks) usedTags.add(pick.tag);
      for (const pick of picks) {
        const [name, description] = COMMUNITY_COPY[pick.tag];
        const [community] = await tx
          .insert(microCommunities)
          .values({
            eventId: eventId(e),
            name,
            description,
            interestTag: pick.tag,
            createdAt: new Date(now.getTime() - HOUR),
          })
          .returning({ id: microCommunities.id });
        const members = holders(pick.tag).filter(() => rng() < 0.75);
        const chosenMembers = members.length >= 2 ? members : holders(pick.tag).slice(0, 2);
        await tx
          .insert(microCommunityMembers)
          .values(chosenMembers.map((i) => ({ communityId: community!.id, userId: userId(i) })));
        await tx.insert(groupChats).values({ eventId: eventId(e), communityId: community!.id, name });
      }
    }

    // --- Plans (harmless on a re-run) ---
    // The plan catalogue is the server's own (what it enforces), written the same way at start.
    await ensurePlans(tx);

    // --- A few existing connections, at the first live event ---
    const live0 = attendeesOf[firstLive]!;
    const pairs: [number, number][] = [];
    const first = loginIdx[0];
    // The first login has already met the one they have most in common with (the first
    // on ties), so the demo opens on a connection that shows why; the rest met by chance.
    const profileOf = (i: number): CompatProfile => {
      const p = people[i]!;
      return {
        interests: p.interests,
        social_preferences: p.socialPreferences,
        personality_traits: p.personalityTraits,
        communication_style: p.communicationStyle,
        social_battery: p.socialBattery,
        occupation: p.occupation,
      };
    };
    const candidates = live0.filter((i) => !loginIdx.includes(i));
    let match: number | undefined;
    if (first !== undefined) {
      const score = (i: number) => compatibility(profileOf(first), profileOf(i)).overall_score;
      for (const i of candidates) if (match === undefined || score(i) > score(match)) match = i;
      if (match !== undefined) pairs.push([first, match]);
    }
    const others = candidates.filter((i) => i !== match);
    if (others[0] !== undefined && others[1] !== undefined) pairs.push([others[0], others[1]]);
    if (others[2] !== undefined && others[3] !== undefined) pairs.push([others[2], others[3]]);
    if (pairs.length > 0) {
      await tx.insert(connections).values(
        pairs.map(([a, b]) => {
          const [user1, user2] = [userId(a), userId(b)].sort();
          return {
            user1: user1!,
            user2: user2!,
            eventId: eventId(firstLive),
            connectionType: 'mutual_interest',
            createdAt: new Date(now.getTime() - HOUR),
          };
        }),
      );
    }

    // --- Business cards ---
    const card = (i: number, title: string, company: string, bio: string) => {
      const p = PEOPLE[i]!;
      const slug = p.username.replace(/[._]/g, '-');
      return {
        userId: userId(i),
        name: p.name,
        title,
        company,
        email: `${p.username}@example.com`,
        phone: '',
        linkedin: `https://www.linkedin.com/in/${slug}`,
        website: `https://${slug}.example.com`,
        bio,
      };
    };
    await tx.insert(businessCards).values([
      card(0, 'UX researcher', 'Lindenhof Studio', 'I study how people find their way in new places, online and off.'),
      card(1, 'Data engineer', 'Spreewerk Analytics', 'Pipelines, tidy data and good coffee. Happy to talk about both.'),
      card(19, 'Founder', 'Kiezkarte', 'Building a map of small, welcoming places in Berlin.'),
    ]);

    // --- The demo admin, unless one is configured: its password is made now and shown once ---
    const out: DemoLogin[] = [];
    if (opts.demoAdmin) {
      const password = generateAdminPassword();
      await createAdmin(tx, { username: DEMO_ADMIN_USERNAME, password, role: 'super_admin' });
      out.push({ role: 'admin', username: DEMO_ADMIN_USERNAME, password });
    }
    for (const i of loginIdx) out.push({ role: 'attendee', username: PEOPLE[i]!.username, password: ATTENDEE_PASSWORD });
    return out;
  });

  return { logins };
}
