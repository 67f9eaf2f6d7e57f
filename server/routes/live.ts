/**
 * The live channel /ws/{userId} (SPEC 7, DESIGN 6). The upgrade is refused (401/403,
 * never 101) unless the session cookie's user is userId and the page is ours. A client
 * may only send {type: "join_event", event_id}; it counts only from an attendee, and
 * anything else (bad JSON, unknown types, other people's events) is ignored without an
 * answer, so a socket cannot probe what exists. Registered at the root, not under /api.
 * A socket belongs to the session that opened it: it closes when that session is logged
 * out, expires (checked at each heartbeat) or is found revoked (checked every few).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RawData } from 'ws';
import { z } from 'zod';
import { IdSchema } from '../../contract/common';
import { LiveClientMessageSchema } from '../../contract/live';
import { mayFollowEventLive, ownOnly } from '../domain/access';
import { forbidden, unauthorized } from '../errors';
import { liveSessionKey } from '../realtime/hub';

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

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
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
      schema: { params: z.object({ userId: IdSchema }), hide: true },
      preValidation: async (request) => {
        if (!request.user) throw unauthorized();
        const { userId } = request.params as { userId?: string };
        ownOnly(request.user.id, userId ?? '', 'You can only open your own live channel');
        // Browsers send Origin on every upgrade; another site's page must not ride the cookie.
        const origin = request.headers.origin;
        if (origin) {
          let host: string | null = null;
          try {
            host = new URL(origin).host;
          } catch {
            host = null;
          }
          if (host !== request.headers.host) throw forbidden('Live connections from other sites are not accepted');
        }
      },
    },
    (socket, request) => {
      const userId = request.user!.id;
      const session = request.userSession!;
      // The socket lives as long as its session: logout closes it, and so does expiry (heartbeat).
      const client = app.hub.attach(socket, userId, {
        tokenHash: session.tokenHash,
        key: liveSessionKey(session.tokenHash),
        expiresAt: session.expiresAt.getTime(),
      });
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
          .catch((err: unknown) => request.log.warn({ err }, 'live channel message failed'))
          .finally(() => {
            queued -= 1;
          });
      });
    },
  );
};
