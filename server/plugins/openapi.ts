/**
 * The OpenAPI document at /api/docs/json (its UI at /api/docs), generated from the
 * routes' zod schemas. A route documents itself with a few lines at the top of its
 * `schema`: `operationId` (verb + noun), `summary`, `tags`, a `description` where the
 * behaviour is not obvious, and optionally `answer` (its 200 in words) and `errors` (what
 * it may answer beyond its defaults). The rest is derived here for every route alike,
 * so a new route is completely documented by those lines: its security from
 * `config.auth`, its error answers (one shared {detail} schema) from its auth mode, its
 * method and its inputs, and the servers from the origin the document is asked from.
 * tests/server/openapi.test.ts lints the result with Redocly and Spectral.
 */
import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailSchema } from '../../contract/common';
import { LIMITS } from '../../contract/constants';
import { LiveClientMessageSchema, LiveServerMessageSchema, LIVE_CLOSE } from '../../contract/live';
import { ADMIN_KEYS, USER_KEYS, type AuthMode } from './guard';
import { ADMIN_COOKIE, USER_COOKIE } from './session';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

declare module 'fastify' {
  interface FastifySchema {
    /** The 200 (or 202) answer in words; without it the document says only "OK". */
    answer?: string;
    /**
     * Error answers beyond the defaults (see errorAnswers), each with what it means for
     * this call: for a default status the sentence is added to the default's (and
     * replaces the presumed 404); null drops a default this call never gives.
     */
    errors?: Partial<Record<ErrorStatus, string | null>>;
  }
}

/** The areas operations are grouped by; every operation's tags come from these. */
export const TAGS = [
  {
    name: 'Account',
    description: 'Signing up, signing in and out, the session, the profile, the social battery and the groups one belongs to.',
  },
  { name: 'Events', description: 'Events: the list, one event, creating and joining one, its attendees, its feed and its analytics.' },
  {
    name: 'Discovery',
    description:
      'Who is nearby and worth meeting at an event, search, position reports and interest groups. ' +
      "Everyone listed passes the viewer's privacy rules: people who are private, friends-only to a stranger, " +
      'unavailable, blocked either way or hidden in a restricted zone are left out, and anonymous people come ' +
      'without name, username, photo or occupation, and with a pseudonym per event for their id (issue 40): ' +
      'their pseudonym at that event in its lists, at the latest event the two share where no event is named ' +
      '(search, the inbox, chats, notifications). Distances are coarse and never place anyone closer than 50 m.',
  },
  {
    name: 'Connections',
    description:
      'Connection requests, connections and business cards. Only mutual interest connects. A decline is never ' +
      'shown: the request simply goes, and the sender keeps seeing `request_sent` until it lapses after 48 hours, ' +
      'as an unanswered one does.',
  },
  {
    name: 'Chat',
    description:
      'One-to-one chat, ice breakers, contact exchange and the group chats of events and interest groups. ' +
      "Wherever a call takes a person's id (here, in Connections, Safety and meetings) it also takes their " +
      'pseudonym at an event the caller attends or attended, and answers with the pseudonym it was given; a ' +
      "pseudonym of another event than the call's `event_id`, or of an event the caller never attended, answers " +
      '404 as an unknown person does.',
  },
  { name: 'Photos', description: 'Photos of an event: re-encoded to JPEG with every piece of metadata (GPS included) removed.' },
  { name: 'Notifications', description: "The signed-in user's notifications." },
  {
    name: 'Push',
    description:
      "Web Push to a device whose app is closed: the server's VAPID key and the device's subscription. Pushed: connection " +
      'requests, accepted requests, messages, meetings, announcements and moderators\' decisions, to each subscribed ' +
      'device whose session holds no live socket, once across instances; what a break, low energy or a quiet zone holds ' +
      'is not pushed until it is let through, and nothing about someone the person blocked.',
  },
  {
    name: 'Safety',
    description:
      'Privacy settings, availability, taking a break (the user status), blocking and unblocking, reporting, and the ' +
      'safe and restricted zones of an event. A reported person is never told of a report.',
  },
  {
    name: 'Organizers',
    description:
      "An event's organizer (its creator) and the co-organizers they name: editing and cancelling it, its safe zones, " +
      'interest groups, co-organizers and announcements. Anyone else is refused (403).',
  },
  {
    name: 'Meetings',
    description:
      'Short 1:1 meetings between connections at an event: suggested, answered (a decline is private), listed, called ' +
      'off, added to a calendar, and reminded of 5 minutes before.',
  },
  { name: 'Plans', description: 'The plans and upgrades. A plan changes how many connection requests may wait at once.' },
  {
    name: 'Admin',
    description: `Moderation (users, reports, events), the figures per day, and the admin account, on the admin session (cookie \`${ADMIN_COOKIE}\`), apart from the attendees' one. Every action is audited.`,
  },
  {
    name: 'Live',
    description:
      'The live channel is a WebSocket at `/ws/{userId}`, beside `/api`: OpenAPI cannot describe the socket ' +
      'itself, so its frames are described by the schemas `LiveServerMessage` (the messages the server ' +
      'sends) and `LiveClientMessage` (what a client may send), and the upgrade by `components.pathItems.LiveChannel`.',
  },
  { name: 'System', description: 'Whether the server and its database answer.' },
] as const;

export type Tag = (typeof TAGS)[number]['name'];

type JsonObject = Record<string, unknown>;

const SCHEMES = { user: 'attendeeSession', admin: 'adminSession' } as const;
const ERROR_REF = { $ref: '#/components/schemas/Error' };
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const DESCRIPTION = `Every call of the Wallflower app: meeting people at events, made for the people who find events hardest. Generated from the zod contract the app and the server share, so it is what the server checks.

## Two cookies

- \`${USER_COOKIE}\`: an attendee's session, set by \`POST /api/auth/register\` and \`POST /api/auth/login\` (HttpOnly, SameSite=Lax, 30 days), ended by \`POST /api/auth/logout\`, a password change, a ban or deactivation.
- \`${ADMIN_COOKIE}\`: an administrator's session, set by \`POST /api/admin/login\` (HttpOnly, SameSite=Strict, 8 hours), apart from any attendee session.

Each operation's \`security\` names the one it needs; public operations need none. State-changing requests from another site's page are refused (403).

## The acting id

Many calls name who acts in the query (\`user_id\`, \`from_user_id\`, \`user1\`; \`admin_id\` for admin calls), as the original API did. That id must be the session's own: another id answers 403 "You can only act as yourself", and no session answers 401. So the parameters stay as they were and nobody can act as someone else. Access to other objects is checked as well: an event's people, chats, photos, feed and analytics are for its attendees; a chat for its two parties.

## Errors

Every error answers \`{"detail": "<a sentence for a person>"}\` (schema \`Error\`) with an honest status: 400 invalid input (the detail names the field), 401 not signed in, 403 not allowed, 404 unknown or not yours to see, 409 conflict, 413 too large, 415 not JSON, 429 too many attempts (with \`Retry-After\` in seconds). Bad input never yields a 500.

## Limits

JSON bodies up to ${LIMITS.jsonBodyBytes / 1024} KiB (a photo upload up to ${LIMITS.photoBodyBytes / 1024 / 1024} MiB); lists are paged, at most 100 rows; requests time out after ${LIMITS.requestTimeoutMs / 1000} s.

## Live channel

A WebSocket at \`/ws/{userId}\` (see the tag Live): the schemas \`LiveServerMessage\` and \`LiveClientMessage\` describe its frames.`;

const toJson = (schema: z.ZodType, io: 'input' | 'output'): JsonObject => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  return rest;
};

type MessageUnion = { options: readonly (z.ZodType & { shape: { type: { value: string } } })[] };

/**
 * A union of live messages as one schema: each message a component of its own named
 * after its type (LiveNewMessage...), the union a oneOf with its discriminator.
 */
function messageUnion(schemas: JsonObject, union: MessageUnion, io: 'input' | 'output', description: string): JsonObject {
  if (union.options.length === 1) return { ...toJson(union.options[0]!, io), description };
  const mapping: Record<string, string> = {};
  for (const option of union.options) {
    const type = option.shape.type.value;
    const name = `Live${type.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase())}`;
    schemas[name] = toJson(option, io);
    mapping[type] = `#/components/schemas/${name}`;
  }
  return { description, oneOf: Object.values(mapping).map(($ref) => ({ $ref })), discriminator: { propertyName: 'type', mapping } };
}

/** The Error component and the live channel's frames, as JSON Schema from the contract. */
function contractSchemas(): JsonObject {
  const schemas: JsonObject = {
    Error: {
      ...toJson(DetailSchema, 'output'),
      description:
        'Every error answer: a sentence for a person, never a stack trace. `detail` is the English sentence; `code` is its ' +
        'stable message id and `params` its values, by which an app says it in another language (contract/locales/*/server.po).',
    },
  };
  schemas.LiveServerMessage = messageUnion(
    schemas,
    LiveServerMessageSchema,
    'output',
    'A text frame the server sends on the live channel: one JSON object whose `type` says which message it is. ' +
      'The socket is a hint and the HTTP lists are the truth. A message to the person carries `seq`, which increases per ' +
      'person; reconnect with `?after={seq}` to receive what was missed first, in order and once, or `resync` ' +
      "(reload what is shown) when that is no longer kept. An event's room (its chat, photos, location refreshes) has no " +
      '`seq` and is not replayed: after a reconnect, reload it. ' +
      `Close code ${LIVE_CLOSE.sessionEnded} means the session ended (sign in again); ` +
      `${LIVE_CLOSE.goingAway} that the server is going away (reconnect).`,
  );
  schemas.LiveClientMessage = messageUnion(
    schemas,
    LiveClientMessageSchema,
    'input',
    "A text frame a client may send: join an event's live messages. It counts only from an attendee of the event; " +
      `anything else is ignored without an answer. Frames are at most ${LIMITS.wsFrameBytes / 1024} KiB.`,
  );
  return schemas;
}

/** The upgrade to the live channel, kept as a reusable path item since its URL is not under /api. */
function liveChannelPathItem() {
  return {
    get: {
      operationId: 'openLiveChannel',
      summary: 'Open the live channel',
      description:
        'A WebSocket upgrade of `GET /ws/{userId}`, where `userId` is the session\'s own user id. It is refused ' +
        '(401, 403; never 101) without a session, for another user id, or from another site\'s page. On the open ' +
        'socket the server sends `LiveServerMessage` frames and the client may send `LiveClientMessage` frames. With ' +
        '`after`, the socket first receives every message to the person after that seq still kept (the last 10 minutes, at ' +
        'most the last 1,000), in order and once, then the live ones; or `resync` first when some are no longer kept.',
      tags: ['Live'],
      parameters: [
        {
          name: 'after',
          in: 'query',
          required: false,
          description: 'The last `seq` the client received (issue 44). Not a whole number: 400.',
          schema: { type: 'string', pattern: '^\\d{1,16}$' },
        },
      ],
      security: [{ [SCHEMES.user]: [] }],
      requestBody: {
        description: 'Not an HTTP body: the text frames the client may send once the socket is open.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/LiveClientMessage' } } },
      },
      responses: {
        101: {
          description: 'Switching Protocols: the socket is open; each text frame from the server is a LiveServerMessage.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/LiveServerMessage' } } },
        },
        400: { description: '`after` is not a whole number.', content: { 'application/json': { schema: ERROR_REF } } },
        401: { description: 'No valid attendee session.', content: { 'application/json': { schema: ERROR_REF } } },
        403: {
          description: 'The user id is not the session\'s own, or the page is from another site.',
          content: { 'application/json': { schema: ERROR_REF } },
        },
      },
    },
  };
}

const propertiesOf = (schema: unknown): JsonObject =>
  ((schema as { properties?: JsonObject } | undefined)?.properties ?? {}) as JsonObject;

/**
 * What a route may answer besides 200: the statuses its auth mode, method and inputs
 * imply, plus what it declares. Each status maps to the sentences that explain it.
 */
function errorAnswers(route: RouteOptions, schema: FastifySchema, json: FastifySchema, auth: AuthMode, acting: string[]) {
  const reasons = new Map<ErrorStatus, string[]>();
  const add = (status: ErrorStatus, reason: string) => reasons.set(status, [...(reasons.get(status) ?? []), reason]);
  const own = schema.errors ?? {};
  if (json.querystring || json.params || json.body) add(400, 'Invalid input: the detail names the field.');
  if (auth === 'user') add(401, `No valid attendee session (cookie \`${USER_COOKIE}\`).`);
  if (auth === 'admin') add(401, `No valid admin session (cookie \`${ADMIN_COOKIE}\`).`);
  if (acting.length) add(403, `${acting.map((k) => `\`${k}\``).join(' or ')} is not the session's own id.`);
  const methods = [route.method].flat();
  if (methods.some((m) => STATE_CHANGING.has(m))) add(403, "Sent from another site's page.");
  if (json.params && own[404] === undefined) add(404, 'Nothing with that id that the caller may see.');
  if (json.body) {
    const limit = route.bodyLimit ?? LIMITS.jsonBodyBytes;
    add(413, `The body is over ${limit >= 1 << 20 ? `${limit / (1 << 20)} MiB` : `${limit / 1024} KiB`}.`);
    add(415, 'The body is not JSON (Content-Type must be application/json).');
  }
  for (const [status, reason] of Object.entries(own)) {
    if (reason === null) reasons.delete(Number(status) as ErrorStatus);
    else add(Number(status) as ErrorStatus, reason);
  }
  const responses: JsonObject = {
    // Node's own answer, before any route runs; it has no body.
    408: {
      type: 'null',
      description: `The request did not arrive in full within ${LIMITS.requestTimeoutMs / 1000} s; the connection is closed.`,
    },
  };
  for (const [status, list] of [...reasons].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: list.join(' '),
      content: { 'application/json': { schema: ERROR_REF } },
      ...(status === 429 || status === 503
        ? { headers: { 'retry-after': { description: 'Seconds to wait before trying again.', type: 'integer' } } }
        : {}),
    };
  }
  return responses;
}

/** The sentence every operation's description ends with: who may call it. */
function whoMayCall(auth: AuthMode, acting: string[]): string {
  if (auth === 'none') return 'Public: no session needed.';
  const session = auth === 'user' ? `an attendee session (cookie \`${USER_COOKIE}\`)` : `an admin session (cookie \`${ADMIN_COOKIE}\`)`;
  const rule = acting.length ? ` ${acting.map((k) => `\`${k}\``).join(' and ')} must be the session's own id.` : '';
  return `Needs ${session}.${rule}`;
}

const isSuccessOnly = (schema: unknown) => {
  const keys = Object.keys(propertiesOf(schema));
  return keys.length === 1 && keys[0] === 'success';
};

/** The per-route transform: zod to JSON Schema, then everything derived from the route. */
const documentRoute: SwaggerTransform = (input) => {
  const { schema, route } = input;
  const { answer, errors: _errors, ...zodSchema } = (schema ?? {}) as FastifySchema;
  const result = jsonSchemaTransform({ ...input, schema: zodSchema });
  const json = result.schema as FastifySchema & JsonObject;
  if (!schema || json.hide) return result;

  const auth: AuthMode = route.config?.auth ?? 'user';
  const keys: readonly string[] = auth === 'admin' ? ADMIN_KEYS : auth === 'user' ? USER_KEYS : [];
  const query = propertiesOf(json.querystring);
  const body = propertiesOf(json.body);
  const acting = keys.filter((k) => k in query || (k === 'user_id' && k in body));
  for (const k of acting) {
    const where = (k in query ? query : body)[k] as JsonObject;
    where.description = "Who acts: must be the session's own id.";
  }

  const response = { ...(json.response as JsonObject | undefined) };
  if (response[200]) {
    const ok = { ...(response[200] as JsonObject) };
    ok['x-response-description'] = answer ?? (isSuccessOnly(ok) ? 'Done.' : 'OK.');
    response[200] = ok;
  }
  // An answer given before the work is done (a mail sent after it, issue 41).
  if (response[202]) response[202] = { ...(response[202] as JsonObject), 'x-response-description': answer ?? 'Accepted: the rest happens after the answer.' };
  Object.assign(response, errorAnswers(route, schema, json, auth, acting));

  const description = [schema.description, whoMayCall(auth, acting)].filter(Boolean).join('\n\n');
  const security = auth === 'none' ? [] : [{ [SCHEMES[auth]]: [] }];
  return { ...result, schema: { ...json, description, security, response } };
};

/**
 * zod writes a fixed-length tuple as prefixItems with `items: false`, which Spectral's
 * array-items rule misreads as a missing items schema. With maxItems at the tuple's
 * length no item is ever checked against `items`, so the prefix items' union says the
 * same thing and both linters read it.
 */
function tupleItemsReadable(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(tupleItemsReadable);
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonObject;
  if (schema.items === false && Array.isArray(schema.prefixItems)) {
    const distinct = [...new Map(schema.prefixItems.map((s) => [JSON.stringify(s), s])).values()];
    schema.items = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
  }
  Object.values(schema).forEach(tupleItemsReadable);
}

/** The parts no route carries: the Error schema, the live channel's frames and its upgrade. */
const addSharedParts: SwaggerTransformObject = (document) => {
  const doc = ('openapiObject' in document ? document.openapiObject : {}) as JsonObject & { components?: JsonObject };
  const schemas = { ...(doc.components?.schemas as JsonObject | undefined), ...contractSchemas() };
  tupleItemsReadable([doc.paths, schemas]);
  return {
    ...doc,
    components: { ...doc.components, schemas, pathItems: { LiveChannel: liveChannelPathItem() } },
  } as ReturnType<SwaggerTransformObject>;
};

/** The origin the document was asked from, so "Try it" and generated clients call this server. */
function originOf(request: FastifyRequest, secure: boolean): string {
  const protocol = secure ? 'https' : request.protocol;
  try {
    return new URL(`${protocol}://${request.host}`).origin;
  } catch {
    return `${protocol}://localhost`;
  }
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Wallflower API',
        version: '1.0.0',
        description: DESCRIPTION,
        contact: { name: 'Wallflower contributors' },
        license: { name: 'MIT', identifier: 'MIT' },
      },
      tags: TAGS.map((t) => ({ ...t })),
      components: {
        securitySchemes: {
          [SCHEMES.user]: {
            type: 'apiKey',
            in: 'cookie',
            name: USER_COOKIE,
            description: 'The attendee session, set by register and login.',
          },
          [SCHEMES.admin]: {
            type: 'apiKey',
            in: 'cookie',
            name: ADMIN_COOKIE,
            description: 'The admin session, set by admin login.',
          },
        },
      },
    },
    transform: documentRoute,
    transformObject: addSharedParts,
  });
  const secure = app.config.secureCookies;
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The page is the library's HTML and files, with no inline script: it runs under the
    // app's own strict policy (plugins/security.ts), not the looser one the library offers
    // (scripts by hash, styles and fonts from any https: host).
    staticCSP: false,
    // The document is built once; each answer names the origin it was asked from.
    transformSpecificationClone: false,
    transformSpecification: (doc, request) => ({ ...doc, servers: [{ url: originOf(request, secure), description: 'This server' }] }),
  });
}
