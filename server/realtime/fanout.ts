/**
 * The hub's writing: each delivery goes to its sockets in slices (FANOUT_SLICE), so a
 * message to thousands never holds the requests waiting behind it, and in the order the
 * deliveries came, for every socket. A message is encoded and framed once for all.
 */
import { OPEN, type LiveClient } from './sockets';

/**
 * A whole WebSocket text frame (RFC 6455 5.2: FIN, opcode 1, unmasked as a server's are,
 * then the length in 7, 16 or 64 bits) around the payload: built once for a message that
 * goes to thousands of sockets, and written to each as it is (issue 15: frame once, send
 * many), where `ws` would build and write a frame per socket.
 */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = n;
  else if (n < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, head);
  return frame;
}

/** A message for many sockets: its payload, and its frame once one socket can take it whole. */
export interface Outgoing {
  payload: Buffer;
  frame: Buffer | null;
  /** The recipient's seq of it, for a message to one person (replay.ts). */
  seq?: number;
}

/** A message's recipients from `next` on, or something to do in turn (a disconnect). */
export type Delivery = { clients: LiveClient[]; out: Outgoing; next: number } | (() => void);

/**
 * Sockets written to before the event loop gets a turn. A write to a loopback or LAN
 * socket costs the writing thread 10-20 µs, so a message to an audience of 1,000 held
 * every request waiting behind it for 10-20 ms; in slices of this many, a request waits
 * 3-5 ms at most. Deliveries stay in the order they came, for every socket.
 */
export const FANOUT_SLICE = 256;
export const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface FanoutOptions {
  /** Sockets written to before the event loop gets a turn (FANOUT_SLICE). */
  slice: number;
  /** A socket with more than this waiting to be written is too slow (MAX_BUFFERED_BYTES). */
  maxBuffered: number;
  /** Told of a socket too far behind to catch up: it is to be dropped (the client reconnects and reloads). */
  tooSlow: (client: LiveClient) => void;
  onError: (message: string, err: unknown) => void;
}

export class Fanout {
  /** Deliveries not yet written, oldest first. */
  private readonly unsent: Delivery[] = [];
  private nextTurn: NodeJS.Immediate | null = null;
  private closed = false;

  constructor(private readonly opts: FanoutOptions) {}

  /** Delivers now what fits in this turn's slice, the rest in the next turns. */
  enqueue(delivery: Delivery): void {
    if (this.closed) return;
    this.unsent.push(delivery);
    if (this.unsent.length === 1) this.drain();
  }

  /** Resolves once everything delivered so far is written (a fan-out spans turns). */
  async allSent(): Promise<void> {
    while (this.unsent.length && !this.closed) await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** Drops what is not written yet and writes nothing more. */
  close(): void {
    this.closed = true;
    if (this.nextTurn) clearImmediate(this.nextTurn);
    this.unsent.length = 0;
  }

  private drain(): void {
    this.nextTurn = null;
    let budget = this.opts.slice;
    try {
      while (this.unsent.length && budget > 0) {
        const head = this.unsent[0]!;
        if (typeof head === 'function') {
          // Taken off first: one that throws is not run again, and the rest still goes.
          this.unsent.shift();
          budget -= 1;
          try {
            head();
          } catch (err) {
            // A turn of its own (setImmediate) has nobody to throw to.
            this.opts.onError('live delivery failed', err);
          }
          continue;
        }
        const end = Math.min(head.clients.length, head.next + budget);
        budget -= end - head.next;
        while (head.next < end) this.send(head.clients[head.next++]!, head.out);
        if (head.next === head.clients.length) this.unsent.shift();
      }
    } finally {
      if (this.unsent.length && !this.closed) this.nextTurn ??= setImmediate(() => this.drain());
    }
  }

  private send(client: LiveClient, out: Outgoing): void {
    const s = client.socket;
    if (s.readyState !== OPEN) return;
    if (out.seq !== undefined && out.seq <= (client.floor ?? 0)) return;
    if (client.held) {
      client.held.push({ seq: out.seq, payload: out.payload });
      return;
    }
    if (s.bufferedAmount > this.opts.maxBuffered) {
      this.opts.tooSlow(client);
      return;
    }
    // No extension (compression) agreed: nothing of ws's own is queued, so the whole frame
    // can be written after whatever ws wrote before it.
    if (s.extensions === '' && s._socket) s._socket.write((out.frame ??= textFrame(out.payload)));
    else s.send(out.payload, { binary: false });
    // The last seq written: after the bus was cut off, the socket is caught up from it (Hub.catchUp).
    if (out.seq !== undefined) client.floor = out.seq;
  }
}
