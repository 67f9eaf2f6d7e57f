import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await testApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => t.close());

/** One request on a shared keep-alive agent; resolves with the status (0 on a socket error). */
function send(agent: http.Agent, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve) => {
    const req = http.request(new URL(path, base), { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: 101, connection: res.headers.connection });
    });
    req.on('error', () => resolve({ status: 0, connection: undefined }));
    req.end();
  });
}

describe('a refused live-channel upgrade', () => {
  it('closes its connection, so the client does not reuse a half-upgraded socket', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await send(agent, '/ws/00000000-0000-4000-8000-000000000000', {
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    });
    expect(refused.status).toBe(401);
    expect(refused.connection).toBe('close');
    // The next request on the same agent gets a fresh socket and a real answer.
    const next = await send(agent, '/api/health');
    expect(next.status).toBe(200);
    agent.destroy();
  });
});
