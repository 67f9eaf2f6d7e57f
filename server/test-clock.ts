/**
 * A clock the browser tests can move (issue 18's lapse after 48 hours, reminders): the
 * real time plus an offset, set through a small HTTP server of its own on 127.0.0.1,
 * apart from the app, so the app has no route for it. Started only when
 * TEST_CLOCK_CONTROL=true (tests/e2e/global-setup.ts); `POST /offset?ms=N` sets the
 * offset, and the answer is the server's time after it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestClockControl {
  clock: () => Date;
  url: string;
  close(): Promise<void>;
}

export async function testClockControl(): Promise<TestClockControl> {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const ms = Number(url.searchParams.get('ms'));
    if (req.method !== 'POST' || url.pathname !== '/offset' || !Number.isSafeInteger(ms)) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'POST /offset?ms=<integer>' }));
      return;
    }
    offset = ms;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ now: clock().toISOString(), offset_ms: offset }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    clock,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
