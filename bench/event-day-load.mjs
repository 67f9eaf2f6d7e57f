/* global setInterval, clearInterval */
/**
 * The attendees of bench/event-day.mjs, in a process of their own (forked by it; one per
 * BENCH_WORKERS, each with a slice of the attendees and the same clock). Each attendee
 * has their own session cookie and live socket and makes the app's own calls in the
 * app's own order (machines/app.machine.ts, event.machine.ts and the charts they start):
 *
 * - open the app: GET /auth/session (the probe of a returning, signed-in person), then
 *   side by side the live socket /ws/{id}, GET /users/privacy, GET /notifications/{id},
 *   GET /conversations, and the events list GET /events;
 * - open the event (event.opened): the location poller (a report at once, then every
 *   10 s), join_event on the socket, GET /connections/requests/received and
 *   GET /notifications/{id} again, and the event view: GET /events/{id}, the people
 *   (GET /discover/{id}?limit=30, whose entries carry connection_status), GET
 *   /safe-zones/{id}, GET /micro-communities/{id}, GET /events/{id}/group-chats, GET
 *   /recommendations/{id}, and the feed GET /events/{id}/feed;
 * - what the live channel makes the app do: a location_update for the event refreshes
 *   the people on the event view after a random wait of up to 3 s (GET /discover,
 *   dropped while one waits or loads); a chat
 *   or group message to a conversation the inbox lists updates it in place; one from
 *   someone else to a conversation not listed (or while a load runs) loads the Chats
 *   inbox again (GET /conversations, at most one at a time and one more after); a
 *   message into the chat on screen marks it read (PUT /conversations/read);
 * - then, in turn: the event view for 30-90 s (the first time 5-90 s, so turns are
 *   spread from the start), with a connection request from a card offering Connect in a
 *   third of those turns, then one of: a chat (60 %: PUT /conversations/read, GET
 *   /chat/{id}, GET /ice-breakers/{id}, then 1-3 messages POST /chat/send 10-25 s apart,
 *   5-15 s more), a group chat (25 %: GET /events/{id}/group-chats, GET
 *   /group-chats/{id}/messages, PUT /conversations/read, a message after 5-15 s, 5-15 s
 *   more; one in ten to the event's chat, else one of the person's interest groups), or
 *   the photos (15 %: GET /events/{id}/photos?limit=30, 10-20 s). Coming back to the
 *   event view loads it again, as the app does.
 *
 * Input: a JSON file (argv[2]) { base, eventId, eventChatId, attendees, startAt, ramp,
 * settle, steady, floor, probeRate, addresses, liveRefresh }. Timeline from startAt:
 * arrivals spread over `ramp` s, `settle` s more, `steady` s measured, then the attendees
 * stop; what is in flight may drain for 10 s and is then abandoned; once the servers
 * answer quickly again, the floor: GET /api/health at this worker's steady request rate
 * for `floor` s. A call unanswered after 10 s is given up (a person would too) and
 * counted as "timeout". Answers through IPC with every latency by phase and call.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import WebSocket from 'ws';

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const { base, eventId, eventChatId, startAt } = input;
const url = new URL(base);
const wsBase = base.replace(/^http/, 'ws');
const PAGE = 100;
const NEARBY_PAGE = 30;
/** As machines/event/event.machine.ts. */
const MOVED_SPREAD_MS = 8_000;
const CHAT_PAGE = 50;
const LOCATION_INTERVAL_MS = 10_000;
const CALL_TIMEOUT_MS = 10_000;
const DRAIN_MS = 10_000;
const EVENT_CHAT_SHARE = Number(process.env.BENCH_EVENT_CHAT_SHARE ?? 0.1);
/**
 * What the attendees' browsers offer (BENCH_ACCEPT_ENCODING): Chromium over HTTPS offers
 * Brotli and gzip, and the API compresses answers of 1 KB and more (server/plugins/
 * compression.ts), so the server's cost of it is in the figures; 'identity' leaves it out.
 */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const inflate = { br: brotliDecompressSync, gzip: gunzipSync };

const steadyFrom = startAt + (input.ramp + input.settle) * 1000;
const steadyUntil = steadyFrom + input.steady * 1000;
const phaseNow = () => (Date.now() < steadyFrom ? 'arrival' : Date.now() < steadyUntil ? 'steady' : 'after');
const running = () => Date.now() < steadyUntil;

// ---------------------------------------------------------------------------
// Calls, and what they took

/** `${phase}\t${label}` → { lat: number[], status: { code: count } } */
const samples = new Map();
const journeys = new Map();
const transportErrors = {};
/** Calls on their way, so the end of the run can abandon those still out. */
const open = new Set();
function note(map, key, ms, status) {
  let s = map.get(key);
  if (!s) map.set(key, (s = { lat: [], status: {} }));
  s.lat.push(ms);
  if (status !== undefined) s.status[status] = (s.status[status] ?? 0) + 1;
}

// Attendees' connections come from 20 loopback addresses, as from many phones, each
// address a keep-alive pool (a browser keeps a few connections per site).
const agents = Array.from({ length: input.addresses }, (_, k) => new http.Agent({ keepAlive: true, maxSockets: 32, localAddress: `127.0.0.${k + 2}` }));

/** One call; answers { status, json } (json only when `parse`, and only for 2xx). */
function call(a, label, method, path, { body, parse = false } = {}) {
  const phase = phaseNow();
  const payload = body === undefined ? null : JSON.stringify(body);
  const headers = { accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING, ...(a.cookie ? { cookie: a.cookie } : {}) };
  if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  const t0 = performance.now();
  return new Promise((resolve) => {
    const done = (status, json) => {
      clearTimeout(deadline);
      open.delete(req);
      note(samples, `${phase}\t${label}`, performance.now() - t0, status);
      if (process.env.BENCH_DEBUG && performance.now() - t0 > 2000) console.error(`slow ${label} ${Math.round(performance.now() - t0)} ms, started at ${((Date.now() - startAt) / 1000 - (performance.now() - t0) / 1000).toFixed(1)} s`);
      resolve({ status, json });
    };
    const req = http.request({ host: url.hostname, port: url.port, path, method, agent: a.agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', () => done('no answer', null));
      res.on('end', () => {
        let json = null;
        if (parse && res.statusCode < 300) {
          try {
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            json = JSON.parse((inflate[encoding] ? inflate[encoding](raw) : raw).toString('utf8'));
          } catch {
            json = null;
          }
        }
        done(res.statusCode, json);
      });
    });
    open.add(req);
    // A person gives up at some point; so does the bench, and counts it.
    const deadline = setTimeout(() => req.destroy(Object.assign(new Error('no answer in time'), { code: 'timeout' })), CALL_TIMEOUT_MS);
    req.on('error', (err) => {
      const why = err.code === 'timeout' || err.code === 'abandoned' ? err.code : 'no answer';
      if (why === 'no answer') transportErrors[err.code ?? err.message] = (transportErrors[err.code ?? err.message] ?? 0) + 1;
      done(why, null);
    });
    if (payload) req.write(payload);
    req.end();
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** An attendee's pause, cut short when the measured part ends. */
const nap = (ms) => sleep(Math.max(0, Math.min(ms, steadyUntil - Date.now())));
const uniform = (lo, hi) => lo + Math.random() * (hi - lo);
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];

// ---------------------------------------------------------------------------
// The live channel

const live = { opened: 0, reconnects: 0, closes: {}, errors: 0, received: {} };
function connectLive(a) {
  const ws = new WebSocket(`${wsBase}/ws/${a.id}`, {
    headers: { cookie: a.cookie, origin: base },
    perMessageDeflate: false,
    localAddress: a.agent.options.localAddress,
    // An upgrade the servers do not answer in time is given up and tried again.
    handshakeTimeout: CALL_TIMEOUT_MS,
  });
  a.ws = ws;
  ws.on('open', () => {
    live.opened++;
    if (a.wasConnected) live.reconnects++;
    a.wasConnected = true;
    if (a.inEvent) ws.send(JSON.stringify({ type: 'join_event', event_id: eventId }));
  });
  ws.on('message', (data) => onLive(a, data));
  ws.on('error', () => live.errors++);
  ws.on('close', (code) => {
    if (a.leaving) return;
    live.closes[code] = (live.closes[code] ?? 0) + 1;
    // The app backs off from 1 s; what it reloads after a reconnect is not modelled.
    setTimeout(() => connectLive(a), uniform(800, 1200));
  });
}

function onLive(a, data) {
  let m;
  try {
    m = JSON.parse(String(data));
  } catch {
    return;
  }
  live.received[m.type] = (live.received[m.type] ?? 0) + 1;
  if (!running() || !input.liveRefresh) return;
  if (m.type === 'location_update' && m.event_id === eventId && a.view === 'event') reloadPeople(a);
  if (m.type === 'new_message') {
    const other = m.message.from_user === a.id ? m.message.to_user : m.message.from_user;
    inboxHears(a, `direct:${other}`, m.message.from_user !== a.id);
    if (a.view === 'chat' && a.partner === m.message.from_user) markRead(a, 'direct', a.partner);
  }
  if (m.type === 'group_message') {
    inboxHears(a, `group:${m.message.group_id}`, m.message.from_user !== a.id);
    if (a.view === 'group' && m.message.group_id === a.groupId) markRead(a, 'group', a.groupId);
  }
}

// ---------------------------------------------------------------------------
// The charts' own calls

const get = (a, label, path, parse = false) => call(a, label, 'GET', path, { parse });

/** A live message: a listed conversation is updated in place; else someone else's loads the inbox again. */
function inboxHears(a, key, fromSomeoneElse) {
  if (!a.inbox.loading && a.inbox.known.has(key)) return;
  if (fromSomeoneElse) refreshConversations(a);
}

/** The Chats inbox: one load at a time; asked again while loading, one more follows. */
async function refreshConversations(a) {
  if (a.inbox.loading) {
    a.inbox.again = true;
    return;
  }
  a.inbox.loading = true;
  do {
    a.inbox.again = false;
    const r = await get(a, 'GET /api/conversations', `/api/conversations?user_id=${a.id}`, true);
    if (r.json) a.inbox.known = new Set(r.json.conversations.map((c) => `${c.kind}:${c.id}`));
  } while (a.inbox.again && running());
  a.inbox.loading = false;
}

/** Read markers, one call at a time in the order asked; a repeat of one waiting is dropped. */
async function markRead(a, kind, id) {
  const key = `${kind}:${id}`;
  if (a.reads.includes(key)) return;
  a.reads.push(key);
  if (a.reads.length > 1) return;
  while (a.reads.length) {
    const [k, i] = a.reads[0].split(':');
    await call(a, 'PUT /api/conversations/read', 'PUT', `/api/conversations/read?user_id=${a.id}`, { body: { kind: k, id: i } });
    a.reads.shift();
  }
}

const discover = (a, label) =>
  get(a, label, `/api/discover/${eventId}?user_id=${a.id}&limit=${Math.min(PAGE, Math.max(NEARBY_PAGE, a.cards.length))}`, true).then((r) => {
    if (!r.json) return;
    a.cards = r.json.map((e) => e.user.id).filter((id) => id !== a.id);
    for (const e of r.json) a.statuses.set(e.user.id, e.connection_status);
  });

/**
 * A live location_update on the event view: everyone shown again after a random wait of
 * up to MOVED_SPREAD_MS (event.machine.ts), unless a refresh waits or runs already.
 */
async function reloadPeople(a) {
  if (a.peopleLoading) return;
  a.peopleLoading = true;
  await sleep(uniform(0, MOVED_SPREAD_MS));
  if (running() && a.view === 'event') await discover(a, 'GET /api/discover/{eventId} (on location_update)');
  a.peopleLoading = false;
}

/** The event view and the feed beside it, all loads side by side, as on entering it. */
async function eventView(a) {
  a.view = 'event';
  const phase = phaseNow();
  const t0 = performance.now();
  const people = async () => {
    a.peopleLoading = true;
    await discover(a, 'GET /api/discover/{eventId}');
    a.peopleLoading = false;
  };
  await Promise.all([
    get(a, 'GET /api/events/{id}', `/api/events/${eventId}?user_id=${a.id}`),
    people(),
    get(a, 'GET /api/safe-zones/{eventId}', `/api/safe-zones/${eventId}?user_id=${a.id}`),
    get(a, 'GET /api/micro-communities/{eventId}', `/api/micro-communities/${eventId}?user_id=${a.id}`),
    get(a, 'GET /api/events/{id}/group-chats', `/api/events/${eventId}/group-chats?user_id=${a.id}`),
    get(a, 'GET /api/recommendations/{eventId}', `/api/recommendations/${eventId}?user_id=${a.id}`),
    get(a, 'GET /api/events/{id}/feed', `/api/events/${eventId}/feed?user_id=${a.id}`),
  ]);
  note(journeys, `${phase}\tevent view: every load answered`, performance.now() - t0);
}

/** The location poller: a report at once, then every 10 s on its own clock; one still out skips the next. */
function startPoller(a) {
  const first = Date.now();
  let round = 0;
  const tick = async () => {
    if (!running()) return;
    const n = round++;
    setTimeout(tick, first + round * LOCATION_INTERVAL_MS - Date.now());
    if (a.reporting) return;
    a.reporting = true;
    const walk = ((n % 7) - 3) * 0.00001;
    await call(a, 'POST /api/location/update', 'POST', `/api/location/update?user_id=${a.id}`, {
      body: { user_id: a.id, event_id: eventId, latitude: a.spot.latitude + walk, longitude: a.spot.longitude },
    });
    a.reporting = false;
  };
  tick();
}

async function openApp(a) {
  const phase = phaseNow();
  const t0 = performance.now();
  // Unanswered (the servers behind), the person opens the app again a moment later.
  let session = await get(a, 'GET /api/auth/session', '/api/auth/session', true);
  while (running() && typeof session.status !== 'number') {
    await nap(uniform(1_000, 3_000));
    session = await get(a, 'GET /api/auth/session', '/api/auth/session', true);
  }
  if (session.json?.user?.id !== a.id) throw new Error(`the session answered ${session.status}`);
  connectLive(a);
  void get(a, 'GET /api/users/privacy', `/api/users/privacy?user_id=${a.id}`);
  void get(a, 'GET /api/notifications/{userId}', `/api/notifications/${a.id}`);
  void refreshConversations(a);
  await get(a, 'GET /api/events', `/api/events?user_id=${a.id}`);
  note(journeys, `${phase}\topen the app: session to events list`, performance.now() - t0);
}

async function openEvent(a) {
  a.inEvent = true;
  startPoller(a);
  if (a.ws.readyState === WebSocket.OPEN) a.ws.send(JSON.stringify({ type: 'join_event', event_id: eventId }));
  void get(a, 'GET /api/connections/requests/received', `/api/connections/requests/received?user_id=${a.id}`);
  void get(a, 'GET /api/notifications/{userId}', `/api/notifications/${a.id}`);
  await eventView(a);
}

/** Connect on a card whose person the attendee has no connection or request with yet. */
async function requestConnection(a) {
  if (!running() || a.view !== 'event') return;
  const to = a.cards.find((id) => (a.statuses.get(id) ?? 'none') === 'none');
  if (!to) return;
  a.statuses.set(to, 'request_sent');
  await call(a, 'POST /api/connections/request', 'POST', `/api/connections/request?from_user_id=${a.id}`, {
    body: { to_user_id: to, event_id: eventId, message: null },
  });
}

async function chat(a) {
  a.partner = pick(a.cards.length ? a.cards : [a.neighbour]);
  a.view = 'chat';
  void markRead(a, 'direct', a.partner);
  void get(a, 'GET /api/chat/{otherUserId}', `/api/chat/${a.partner}?user_id=${a.id}&limit=${CHAT_PAGE}`);
  void get(a, 'GET /api/ice-breakers/{otherUserId}', `/api/ice-breakers/${a.partner}?user_id=${a.id}&event_id=${eventId}`);
  const messages = 1 + Math.floor(Math.random() * 3);
  for (let k = 0; k < messages; k++) {
    await nap(uniform(10_000, 25_000));
    if (!running()) return;
    await call(a, 'POST /api/chat/send', 'POST', `/api/chat/send?user_id=${a.id}`, {
      body: { to_user: a.partner, message: `Hi! Message ${k + 1} from the hall`, event_id: eventId, message_type: 'text', client_id: randomUUID() },
    });
  }
  await nap(uniform(5_000, 15_000));
}

async function groupChat(a) {
  a.view = 'group';
  a.groupId = Math.random() < EVENT_CHAT_SHARE || !a.groupChats.length ? eventChatId : pick(a.groupChats);
  await get(a, 'GET /api/events/{id}/group-chats', `/api/events/${eventId}/group-chats?user_id=${a.id}`);
  await get(a, 'GET /api/group-chats/{id}/messages', `/api/group-chats/${a.groupId}/messages?user_id=${a.id}&limit=${CHAT_PAGE}`);
  void markRead(a, 'group', a.groupId);
  await nap(uniform(5_000, 15_000));
  if (!running()) return;
  await call(a, 'POST /api/group-chats/{id}/messages', 'POST', `/api/group-chats/${a.groupId}/messages?user_id=${a.id}`, {
    body: { group_id: a.groupId, message: 'Anyone heading to the quiet room?' },
  });
  await nap(uniform(5_000, 15_000));
}

async function photos(a) {
  a.view = 'photos';
  await get(a, 'GET /api/events/{id}/photos', `/api/events/${eventId}/photos?user_id=${a.id}&limit=30`);
  await nap(uniform(10_000, 20_000));
}

async function attendee(a, arriveAt) {
  await nap(arriveAt - Date.now());
  await openApp(a);
  await nap(uniform(1_000, 3_000));
  if (!running()) return;
  await openEvent(a);
  let dwell = uniform(5_000, 90_000);
  while (running()) {
    if (Math.random() < 1 / 3) setTimeout(() => void requestConnection(a), dwell * uniform(0.2, 0.8));
    await nap(dwell);
    if (!running()) return;
    const r = Math.random();
    await (r < 0.6 ? chat(a) : r < 0.85 ? groupChat(a) : photos(a));
    if (!running()) return;
    await eventView(a);
    dwell = uniform(30_000, 90_000);
  }
}

// ---------------------------------------------------------------------------
// The run

/** GET /api/health at `perSecond`, open loop, until `until` (epoch ms). */
async function probeHealth(label, perSecond, until) {
  const probes = [];
  const who = { cookie: null };
  let k = 0;
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      if (Date.now() >= until) {
        clearInterval(timer);
        resolve();
        return;
      }
      who.agent = agents[k++ % agents.length];
      probes.push(call({ ...who }, label, 'GET', '/api/health'));
    }, 1000 / perSecond);
  });
  await Promise.all(probes);
}

/** Waits (at most 30 s) until the servers answer /api/health quickly twice in a row: the floor is not their backlog. */
async function quiet() {
  const probe = { agent: agents[0], cookie: null };
  for (let fast = 0, i = 0; fast < 2 && i < 300; i++) {
    const t0 = performance.now();
    await new Promise((resolve) => {
      const req = http.get({ host: url.hostname, port: url.port, path: '/api/health', agent: probe.agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', resolve);
    });
    fast = performance.now() - t0 < 20 ? fast + 1 : 0;
    await sleep(100);
  }
}

async function main() {
  const people = input.attendees.map((p, i) => ({
    ...p,
    agent: agents[(p.index ?? i) % agents.length],
    neighbour: input.attendees[(i + 1) % input.attendees.length].id,
    view: 'none',
    cards: [],
    statuses: new Map(),
    inbox: { loading: false, again: false, known: new Set() },
    reads: [],
    peopleLoading: false,
    reporting: false,
    inEvent: false,
  }));
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  let cpuAtSteady = null;
  let generator = null;
  setTimeout(() => {
    cpuAtSteady = process.cpuUsage();
    loopDelay.enable();
  }, steadyFrom - Date.now());
  setTimeout(() => {
    const cpu = process.cpuUsage(cpuAtSteady);
    loopDelay.disable();
    generator = {
      cpuPercent: ((cpu.user + cpu.system) / 1000 / (input.steady * 1000)) * 100,
      loopDelayP99: loopDelay.percentile(99) / 1e6,
      loopDelayMax: loopDelay.max / 1e6,
    };
  }, steadyUntil - Date.now());

  const probe = probeHealth('GET /api/health (probe during the load)', input.probeRate, steadyUntil);
  const n = people.length;
  const arrivals = Promise.all(
    people.map((a, i) =>
      attendee(a, startAt + ((a.index ?? i) / (input.total ?? n)) * input.ramp * 1000).catch((err) => {
        const key = `attendee stopped: ${err.message}`;
        transportErrors[key] = (transportErrors[key] ?? 0) + 1;
      }),
    ),
  );
  // What is still out belongs to the load: it may drain for a while, then is abandoned
  // (counted in its phase), so the run ends however far behind the servers are.
  await sleep(steadyUntil - Date.now());
  for (let i = 0; i < DRAIN_MS / 50 && open.size > 0; i++) await sleep(50);
  for (const req of open) req.destroy(Object.assign(new Error('abandoned at the end'), { code: 'abandoned' }));
  await arrivals;
  await probe;
  await quiet();
  const steadyCalls = [...samples].filter(([k]) => k.startsWith('steady\t') && !k.includes('/api/health')).reduce((t, [, s]) => t + s.lat.length, 0);
  const floorRate = steadyCalls / input.steady;
  const floorFrom = Date.now();
  if (floorRate > 0) await probeHealth('GET /api/health (floor, after the load)', floorRate, floorFrom + input.floor * 1000);
  const sockets = people.filter((a) => a.ws?.readyState === WebSocket.OPEN).length;
  for (const a of people) {
    a.leaving = true;
    a.ws?.terminate();
  }
  for (const agent of agents) agent.destroy();
  process.send(
    {
      type: 'result',
      samples: [...samples].map(([k, s]) => [...k.split('\t'), s]),
      journeys: [...journeys].map(([k, s]) => [...k.split('\t'), s]),
      transportErrors,
      live: { ...live, openAtEnd: sockets },
      generator,
      floorRate,
    },
    () => process.exit(0),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
