/**
 * A one-to-one message stored by another instance reaches this one as a 'sent' change on
 * the live bus, and is emitted here as 'chat.sent' (so the kept inboxes take it in place,
 * use-cases/conversations.ts); one that does not read as a chat message is dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ChatMessage } from '../../contract/social';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import type { Database } from '../../server/db/client';
import { LocalBus } from '../../server/realtime/bus';
import { openTestDatabase } from './helpers';

describe("the bus's 'sent' change", () => {
  const bus = new LocalBus();
  let database: Database;
  let app: FastifyInstance;
  const heard: ChatMessage[] = [];
  const message: ChatMessage = {
    id: '7d4c1a52-5e0f-4b7e-9a55-1f1f2b6c9e01',
    from_user: '0b6f4a52-3c1e-4f0a-8d2b-6a3e9f1c2d01',
    to_user: '0b6f4a52-3c1e-4f0a-8d2b-6a3e9f1c2d02',
    message: 'Coffee at 11?',
    message_type: 'text',
    ice_breaker_id: null,
    event_id: null,
    timestamp: '2026-11-29T10:00:00.000Z',
    client_id: null,
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ config: { ...configFromEnv({}), staticDir: null, seedDemo: false }, database, bus, logger: false });
    await app.ready();
    app.lifecycle.on('chat.sent', (m) => heard.push(m));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const fromElsewhere = (ids: string[]) => bus.publish({ t: 'changed', from: 'another-instance', change: { kind: 'sent', ids } });

  it('emits a message another instance stored, as it was', async () => {
    await fromElsewhere([JSON.stringify(message)]);
    expect(heard).toEqual([message]);
  });

  it('drops one that is not JSON or not a chat message, and goes on', async () => {
    heard.length = 0;
    await fromElsewhere(['{not json']);
    await fromElsewhere([JSON.stringify({ ...message, from_user: 42 })]);
    expect(heard).toEqual([]);
    await fromElsewhere([JSON.stringify(message)]);
    expect(heard).toHaveLength(1);
  });
});
