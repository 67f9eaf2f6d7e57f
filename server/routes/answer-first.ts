/**
 * Stored, answered, then told (issue 15): a write that fans out live messages (a group
 * message to a thousand sockets) answers the person who made it first, then sends them.
 * Only live messages go after the answer: anything stored, a notification included, is
 * stored before, so whoever reads right after the answer finds it.
 */
import type { FastifyReply } from 'fastify';

/** Sends `body` and waits until it is handed to the connection, then runs `after`. */
export async function answerThen(reply: FastifyReply, body: unknown, after: () => Promise<void>): Promise<FastifyReply> {
  await new Promise<void>((answered) => reply.send(body).then(answered, () => answered()));
  await after();
  return reply;
}
