/**
 * The event day's data (bench/event-day.mjs), written straight into a fresh database
 * before the server listens: one event happening now with `attendees` people (varied
 * profiles and settings, each with a position and a signed-in session), its safe zones,
 * twelve interest groups with their group chats and the event's own chat, a few
 * connections and pending requests per person, some chat and group history, photos,
 * feed lines and notifications, and four other events in the list.
 *
 * Sessions are made as the session repository makes them (a random token, its hash
 * stored), so the load can start from a signed-in app without 1,000 argon2 logins; the
 * accounts still have a real password hash (hashed once, shared), so they could sign in.
 */
import sharp from 'sharp';
import { hashPassword } from '../../server/domain/passwords.ts';
import { ensurePlans } from '../../server/db/repositories/plans.ts';
import { ensureCommunityGroupChat, ensureEventGroupChat } from '../../server/db/repositories/group-chats.ts';
import { hashToken, newToken, USER_SESSION_DAYS } from '../../server/db/repositories/sessions.ts';
import {
  chatMessages,
  connectionRequests,
  connections,
  eventAttendees,
  events,
  feedEntries,
  groupMessages,
  microCommunities,
  microCommunityMembers,
  notifications,
  photos,
  sessions,
  userLocations,
  users,
} from '../../server/db/schema.ts';
import { INTERESTS, LAT, LNG, RESTRICTED, benchEvent, insertChunked, rng, variedPerson } from '../discover.mjs';

export const PASSWORD = 'event-day-2026';
const COMMUNITIES = 12;
const PHOTOS = 120;
const HOUR = 3_600_000;

/** A 640×480 JPEG of soft gradients, as a phone photo re-encoded by the server would be stored. */
async function samplePhoto() {
  const width = 640;
  const height = 480;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128 + 100 * Math.sin((x + y) / 40);
    }
  }
  return (await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 82 }).toBuffer()).toString('base64');
}

/** Writes the event day; answers the ids and session cookies the load needs. */
export async function seedEventDay(db, { attendees: n = 1000 } = {}) {
  const random = rng(0xeda7);
  const now = new Date();
  const passwordHash = await hashPassword(PASSWORD);
  await ensurePlans(db);

  const people = Array.from({ length: n }, (_, i) => ({
    username: `attendee${i}`,
    name: `Attendee ${i}`,
    email: `attendee${i}@example.com`,
    passwordHash,
    ...variedPerson(random),
    createdAt: new Date(now.getTime() - 30 * 24 * HOUR),
  }));
  const rows = [];
  for (let i = 0; i < people.length; i += 500) {
    rows.push(...(await db.insert(users).values(people.slice(i, i + 500)).returning({ id: users.id, interests: users.interests })));
  }
  const ids = rows.map((r) => r.id);

  const event = await benchEvent(db);
  await insertChunked(db, eventAttendees, ids.map((userId, i) => ({ eventId: event.id, userId, joinedAt: new Date(now.getTime() - HOUR + i * 1000) })));
  // The rest of the list: events coming up, each attended by a fifth of the people.
  for (let e = 0; e < 4; e++) {
    const start = new Date(now.getTime() + (e + 1) * 24 * HOUR);
    const [other] = await db
      .insert(events)
      .values({
        name: `Meetup ${e + 1}`,
        description: 'Another evening for the same crowd',
        location: `Room ${e + 1}`,
        eventType: 'meetup',
        startTime: start,
        endTime: new Date(start.getTime() + 3 * HOUR),
        latitude: LAT,
        longitude: LNG,
      })
      .returning({ id: events.id });
    await insertChunked(db, eventAttendees, ids.filter((_, i) => i % 5 === e).map((userId) => ({ eventId: other.id, userId })));
  }

  // Where each stands: one in 25 in the restricted zone, the others about the hall.
  const spots = ids.map((_, i) =>
    i % 25 === 0 ? RESTRICTED : { latitude: LAT + (random() - 0.5) * 0.004, longitude: LNG + (random() - 0.5) * 0.006 },
  );
  await insertChunked(db, userLocations, ids.flatMap((userId, i) => (people[i].showLocation ? [{ userId, eventId: event.id, ...spots[i] }] : [])));

  // Interest groups for the twelve first interests; everyone holding one is a member.
  const eventChat = await ensureEventGroupChat(db, event.id);
  const communityChats = new Map();
  for (const tag of INTERESTS.slice(0, COMMUNITIES)) {
    const [c] = await db
      .insert(microCommunities)
      .values({ eventId: event.id, name: `${tag} circle`, description: `People at the event who like ${tag}`, interestTag: tag })
      .returning({ id: microCommunities.id });
    const members = ids.filter((_, i) => rows[i].interests.includes(tag));
    await insertChunked(db, microCommunityMembers, members.map((userId) => ({ communityId: c.id, userId })));
    communityChats.set(tag, { id: (await ensureCommunityGroupChat(db, c.id)).id, members });
  }

  // Two connections each (the next person and the seventh on), a chat with the next,
  // and a pending request from every fifth person to the thirteenth on.
  const pair = (a, b) => (a < b ? { user1: a, user2: b } : { user1: b, user2: a });
  const next = (i, k) => ids[(i + k) % n];
  await insertChunked(db, connections, ids.flatMap((id, i) => [pair(id, next(i, 1)), pair(id, next(i, 7))].map((p) => ({ ...p, eventId: event.id }))));
  await insertChunked(
    db,
    connectionRequests,
    ids.flatMap((id, i) => (i % 5 === 0 ? [{ fromUser: id, toUser: next(i, 13), eventId: event.id, message: 'Hello from the hall' }] : [])),
  );
  await insertChunked(
    db,
    chatMessages,
    ids.flatMap((id, i) =>
      Array.from({ length: 6 }, (_, k) => ({
        fromUser: k % 2 ? next(i, 1) : id,
        toUser: k % 2 ? id : next(i, 1),
        eventId: event.id,
        message: `Earlier message ${k + 1}`,
        createdAt: new Date(now.getTime() - HOUR + k * 60_000),
      })),
    ),
  );
  const history = (groupId, authors, count) =>
    Array.from({ length: count }, (_, k) => ({ groupId, fromUser: authors[k % authors.length], message: `Group line ${k + 1}`, createdAt: new Date(now.getTime() - HOUR + k * 30_000) }));
  await insertChunked(db, groupMessages, [
    ...history(eventChat.id, ids, 40),
    ...[...communityChats.values()].flatMap((c) => history(c.id, c.members, 15)),
  ]);

  const photo = await samplePhoto();
  const shared = await db
    .insert(photos)
    .values(Array.from({ length: PHOTOS }, (_, k) => ({ eventId: event.id, userId: ids[(k * 37) % n], photoData: photo, caption: `Moment ${k + 1}`, createdAt: new Date(now.getTime() - HOUR + k * 20_000) })))
    .returning({ id: photos.id, userId: photos.userId, createdAt: photos.createdAt });
  await insertChunked(db, feedEntries, [
    ...ids.slice(0, 200).map((actorId, i) => ({ eventId: event.id, actorId, kind: 'joined', createdAt: new Date(now.getTime() - HOUR + i * 1000) })),
    ...shared.map((p) => ({ eventId: event.id, actorId: p.userId, kind: 'photo', subjectId: p.id, createdAt: p.createdAt })),
  ]);
  await insertChunked(
    db,
    notifications,
    ids.flatMap((userId, i) =>
      [1, 2, 3].map((k) => {
        // As server/use-cases/connections.ts words a request's notification, with its message ids (issue 38).
        const name = `Attendee ${(i + k) % n}`;
        return {
          userId,
          kind: 'connection_request',
          title: 'New connection request',
          titleCode: 'notification.request.title',
          titleParams: {},
          content: `${name} would like to connect with you.`,
          contentCode: 'notification.request.content',
          contentParams: { name },
          read: k > 1,
          link: '/requests',
        };
      }),
    ),
  );

  const tokens = ids.map(() => newToken());
  const expiresAt = new Date(now.getTime() + USER_SESSION_DAYS * 86_400_000);
  await insertChunked(db, sessions, ids.map((userId, i) => ({ tokenHash: hashToken(tokens[i]), userId, expiresAt })));

  return {
    eventId: event.id,
    eventChatId: eventChat.id,
    photoBytes: Buffer.from(photo, 'base64').length,
    attendees: ids.map((id, i) => ({
      id,
      cookie: `wf_session=${tokens[i]}`,
      spot: spots[i],
      groupChats: [...communityChats.values()].filter((c) => c.members.includes(id)).map((c) => c.id),
    })),
  };
}
