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
import { chatName, eventChatName } from './repositories/events';
import { asWritten } from '../../contract/said';
import type { Queryable } from './client';
import {
  INTEREST_POOL,
  SOCIAL_PREFERENCES,
  PERSONALITY_TRAITS,
  COMMUNITY_COPY,
  type Style,
  PEOPLE,
  VISIBILITY,
  HIDE_INTERESTS,
  HIDE_PICTURE,
  ANONYMOUS_BROWSING,
  SAFE_SPACE_MODE,
  UNAVAILABLE,
  EVENTS,
} from './seed-data';
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
      EVENTS.map((e, i) => ({ eventId: eventId(i), communityId: null, ...chatName(eventChatName({ event: e.name })) })),
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
        await tx.insert(groupChats).values({ eventId: eventId(e), communityId: community!.id, ...chatName(asWritten(name)) });
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
