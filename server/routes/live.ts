/**
 * The live channel /ws/{userId} (SPEC 7, DESIGN 6). The upgrade is refused (401/403,
 * never 101) unless the session cookie's user is userId and the page is ours. A client
 * may only send {type: "join_event", event_id}; it counts only from an attendee, and
 * anything else (bad JSON, unknown types, other people's events) is ignored without an
 * answer, so a socket cannot probe what exists. Registered at the root, not under /api.
 * A socket belongs to the session that opened it: it closes when that session is logged
 * out, expires (checked at each heartbeat) or is found revoked (checked every few).
 * `?after={seq}`: the last seq the client saw; what it missed comes first, or a resync
 * when that is no longer kept (realtime/replay.ts). Anything but a whole number is a 400.
 * Every socket is then told `caught_up` with the person's last seq (Hub.greet).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerResponse } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import { IdSchema } from '../../contract/common';
import { LiveClientMessageSchema, LiveQuerySchema } from '../../contract/live';
import { mayFollowEventLive } from '../access/events';
import { ownOnly } from '../access/people';
import { forbidden, unauthorized } from '../core/errors';
import { liveSessionKey } from '../core/realtime';

/** Messages of one socket waiting to be handled; a flood beyond this is dropped. */
const MAX_QUEUED = 16;

function parseClientMessage(data: RawData, isBinary: boolean) {
  if (isBinary) return null;
  let value: unknown;
  try {
    value = JSON.parse(data.toString());
  } catch {
    return null;
  }
  const parsed = LiveClientMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * What @fastify/websocket leaves holding an open socket's upgrade request: its error
 * listener closes over the Fastify request and reply, and the response it made for the
 * upgrade stays assigned to the TCP socket (and through its listeners keeps the reply,
 * the request, its headers and the session's user). Kept for the socket's whole life,
 * that was most of an idle socket's memory (issue 15: 10,000 sockets on one instance).
 * This cuts both: the same error handling (log, then terminate) without the request,
 * and the response detached, as Node does itself once a response has ended.
 */
function releaseUpgrade(socket: WebSocket, response: ServerResponse | undefined, onError: (this: WebSocket, err: Error) => void) {
  socket.removeAllListeners('error');
  socket.on('error', onError);
  if (response?.socket) response.detachSocket(response.socket);
}

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  // The upgrade's response, from its hooks (which see the reply) to the handler (which does not).
  const upgrades = new WeakMap<FastifyRequest, ServerResponse>();
  // One listener for every socket, so none keeps anything of its own.
  function onSocketError(this: WebSocket, err: Error) {
    app.log.warn({ err }, 'live socket error');
    this.terminate();
  }

  // Sessions ended (password change, ban, deletion): their sockets close on every instance.
  const onSessionsEnded = (userId: string) => void app.realtime.disconnectUser(userId);
  app.lifecycle.on('user.sessionsEnded', onSessionsEnded);
  app.addHook('onClose', async () => {
    app.lifecycle.off('user.sessionsEnded', onSessionsEnded);
  });

  app.get(
    '/ws/:userId',
    {
      websocket: true,
      schema: { params: z.object({ userId: IdSchema }), querystring: LiveQuerySchema, hide: true },
      preValidation: async (request, reply) => {
        upgrades.set(request, reply.raw);
        if (!request.user) throw unauthorized();
        const { userId } = request.params as { userId?: string };
        ownOnly(request.user.id, userId ?? '', /*i18n*/ { id: 'error.ownLiveChannel', message: 'You can only open your own live channel' });
        // Browsers send Origin on every upgrade; another site's page must not ride the cookie.
        const origin = request.headers.origin;
        if (origin) {
          let host: string | null;
          try {
            host = new URL(origin).host;
          } catch {
            host = null;
          }
          if (host !== request.headers.host) throw forbidden(/*i18n*/ { id: 'error.liveOtherSite', message: 'Live connections from other sites are not accepted' });
        }
      },
    },
    (socket, request) => {
      const userId = request.user!.id;
      const session = request.userSession!;
      const { after } = request.query;
      releaseUpgrade(socket, upgrades.get(request), onSocketError);
      upgrades.delete(request);
      // Nothing below may close over `request`: the socket would keep it for its whole life.
      // The socket lives as long as its session: logout closes it, and so does expiry (heartbeat).
      const client = app.hub.attach(socket, userId, {
        tokenHash: session.tokenHash,
        key: liveSessionKey(session.tokenHash),
        expiresAt: session.expiresAt.getTime(),
      }, after);
      let queued = 0;
      let chain = Promise.resolve();
      socket.on('message', (data: RawData, isBinary: boolean) => {
        if (queued >= MAX_QUEUED) return;
        const msg = parseClientMessage(data, isBinary);
        if (!msg) return;
        queued += 1;
        chain = chain
          .then(async () => {
            if (msg.type === 'join_event' && (await mayFollowEventLive(app.db, msg.event_id, userId))) {
              app.hub.join(client, msg.event_id);
            }
          })
          .catch((err: unknown) => app.log.warn({ err, userId }, 'live channel message failed'))
          .finally(() => {
            queued -= 1;
          });
      });
    },
  );
};
