/** mutual-connections: the list, 'Failed to load connections', live additions. */
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { MESSAGES } from '../../../contract/messages';
import type { Connection } from '../../../contract/social';
import type { BusinessCard } from '../../../contract/plans';
import { ApiError } from '../../../machines/api/client';
import { connectionCardMachine, type ConnectionCardInput } from '../../../machines/people/connection-card.machine';
import { mutualConnectionsMachine, selectConnectionsStatus } from '../../../machines/people/mutual-connections.machine';
import { ada } from '../app.fakes';
import { sam, sampleConnection } from '../connections.fakes';
import { asChild, flush, samplePerson } from '../discovery.fakes';

/** No one here has a business card (the other issue's chart answers null). */
const noCard = connectionCardMachine.provide({
  actors: {
    loadCard: fromPromise<BusinessCard | null, ConnectionCardInput>(async () => null),
  },
});

function start(load: () => Promise<Connection[]>) {
  const machine = mutualConnectionsMachine.provide({
    actors: { loadConnections: fromPromise<Connection[], { userId: string; offset: number }>(() => load()), connectionCard: noCard },
  });
  const t = asChild(machine, { userId: ada.id });
  return { ...t, snap: () => t.child.getSnapshot() };
}

describe('mutualConnectionsMachine', () => {
  it('lists the connections and adds a new one live, once', async () => {
    const old = sampleConnection(samplePerson());
    const t = start(async () => [old]);
    await flush();
    const fresh = sampleConnection(sam);
    t.child.send({ type: 'live.connection_accepted', connection: fresh });
    t.child.send({ type: 'live.connection_accepted', connection: fresh });
    expect(t.snap().context.connections).toEqual([fresh, old]);
  });

  it("gives each connection a business card chart of its own, stopped when they are gone", async () => {
    const a = sampleConnection(samplePerson());
    const b = sampleConnection(sam);
    const answers = [[a, b], [b]];
    const t = start(async () => answers.shift()!);
    await flush();
    const cards = t.snap().context.cards;
    expect(Object.keys(cards).sort()).toEqual([a.connected_user.id, b.connected_user.id].sort());
    expect(cards[b.connected_user.id]!.getSnapshot().context).toMatchObject({ viewerId: ada.id, userId: b.connected_user.id });
    t.child.send({ type: 'connections.reloaded' });
    await flush();
    expect(Object.keys(t.snap().context.cards)).toEqual([b.connected_user.id]);
    expect(t.snap().context.cards[b.connected_user.id]).toBe(cards[b.connected_user.id]);
    expect(cards[a.connected_user.id]!.getSnapshot().status).toBe('stopped');
  });

  it("says 'Failed to load connections'", async () => {
    const t = start(async () => {
      throw new ApiError(500, null);
    });
    await flush();
    expect(selectConnectionsStatus(t.snap())).toBe('failed');
    expect(t.received).toEqual([{ type: 'error.show', message: MESSAGES.failedLoadConnections }]);
  });
});
