/**
 * Helpers for the photo, feed, analytics, plan, card and group tests: an app that
 * records what it publishes live, fixtures written straight to the database (so these
 * tests do not lean on other areas' routes), and images built in code, metadata and
 * all, with the few bytes sharp will not write crafted by hand.
 */
import { deflateSync } from 'node:zlib';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../server/config';
import type { Database, Db } from '../../server/db/client';
import { orderedPair } from '../../server/db/repositories/relations';
import { connections, eventAttendees, events } from '../../server/db/schema';
import type { LiveMessage, Realtime } from '../../server/core/realtime';
import { type FakeClock, testApp, uniqueName } from './helpers';
import { changedOutside } from './social-helpers';

// ---------------------------------------------------------------------------------------
// An app that keeps what it publishes

export interface Published {
  /** `only` when the message was for some of the event's sockets only. */
  to: { users: string[] } | { event: string; except: string[]; only?: string[] };
  message: LiveMessage;
}

export interface MediaTestApp {
  app: FastifyInstance;
  database: Database;
  db: Db;
  clock: FakeClock;
  published: Published[];
  close(): Promise<void>;
}

export async function mediaTestApp(opts: { config?: Partial<Config> } = {}): Promise<MediaTestApp> {
  const published: Published[] = [];
  const realtime: Realtime = {
    toUsers: async (ids, message) => void published.push({ to: { users: [...ids] }, message }),
    toEvent: async (event, message, options) =>
      void published.push({
        to: { event, except: [...(options?.exceptUsers ?? [])], ...(options?.onlyUsers ? { only: [...options.onlyUsers] } : {}) },
        message,
      }),
    disconnectUser: async () => {},
    close: async () => {},
  };
  const t = await testApp({ ...opts, realtime });
  return { ...t, db: t.database.db, published };
}

/** Messages of one type published to an event's sockets, with who was left out (and who alone was meant). */
export function sentToEvent(
  published: Published[],
  eventId: string,
  type: string,
): { except: string[]; only?: string[]; message: LiveMessage }[] {
  return published.flatMap((p) =>
    'event' in p.to && p.to.event === eventId && p.message.type === type
      ? [{ except: p.to.except, ...(p.to.only ? { only: p.to.only } : {}), message: p.message }]
      : [],
  );
}

/** Messages of one type published to a user, in order. */
export function sentTo(published: Published[], userId: string, type: string): LiveMessage[] {
  return published
    .filter((p) => 'users' in p.to && p.to.users.includes(userId) && p.message.type === type)
    .map((p) => p.message);
}

// ---------------------------------------------------------------------------------------
// Fixtures straight into the database

const HOUR = 3_600_000;

export async function insertEvent(db: Db, overrides: Partial<typeof events.$inferInsert> = {}): Promise<string> {
  const now = Date.parse('2026-11-22T08:00:00Z');
  const [row] = await db
    .insert(events)
    .values({
      name: uniqueName('Event '),
      description: 'A calm evening',
      location: 'Berlin',
      eventType: 'networking',
      startTime: new Date(now),
      endTime: new Date(now + 6 * HOUR),
      ...overrides,
    })
    .returning({ id: events.id });
  return row!.id;
}

export async function attend(db: Db, eventId: string, ...userIds: string[]): Promise<void> {
  if (userIds.length) await db.insert(eventAttendees).values(userIds.map((userId) => ({ eventId, userId })));
  changedOutside(db, { users: userIds, events: [eventId] });
}

export async function connect(db: Db, a: string, b: string, eventId: string | null, at?: Date): Promise<string> {
  const [user1, user2] = orderedPair(a, b);
  const [row] = await db
    .insert(connections)
    .values({ user1, user2, eventId, ...(at ? { createdAt: at } : {}) })
    .returning({ id: connections.id });
  changedOutside(db, { users: [a, b] });
  return row!.id;
}

export { block, setUser as updateUser } from './social-helpers';

// ---------------------------------------------------------------------------------------
// Bytes

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 as PNG uses it (ISO 3309, polynomial 0xEDB88320). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: length, type, data, CRC over type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([len, typeAndData, crc]);
}

/** The PNG with `chunks` inserted right after IHDR (signature 8 bytes + IHDR 25). */
export function insertPngChunks(png: Buffer, chunks: Buffer[]): Buffer {
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);
}

/** The JPEG with an APPn (or other) segment inserted right after SOI. */
export function insertJpegSegment(jpeg: Buffer, marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, payload, jpeg.subarray(2)]);
}

/**
 * An IPTC block as Photoshop writes it (APP13 "Photoshop 3.0", resource 0x0404) naming
 * a city: sharp cannot write IPTC, so it is built here byte by byte.
 */
export function iptcSegmentPayload(city = 'Berlin'): Buffer {
  const value = Buffer.from(city, 'latin1');
  const dataset = Buffer.concat([Buffer.from([0x1c, 0x02, 90, 0, value.length]), value]); // 2:90 City
  const size = Buffer.alloc(4);
  size.writeUInt32BE(dataset.length);
  const resource = Buffer.concat([
    Buffer.from('8BIM', 'latin1'),
    Buffer.from([0x04, 0x04]),
    Buffer.from([0, 0]), // empty Pascal name, padded to even
    size,
    dataset,
    dataset.length % 2 ? Buffer.from([0]) : Buffer.alloc(0),
  ]);
  return Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]);
}

export const XMP_PACKET =
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
  '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" ' +
  'xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:exif="http://ns.adobe.com/exif/1.0/" ' +
  'exif:GPSLatitude="52,31.2N" exif:GPSLongitude="13,24.0E" xmp:CreatorTool="ProbeCam"/></rdf:RDF></x:xmpmeta>' +
  '<?xpacket end="w"?>';

/** GPS for Berlin's Alexanderplatz and a camera name, written by sharp (IFD3 is the GPS IFD). */
export const GPS_EXIF = {
  IFD0: { Make: 'ProbeCam', Model: 'Wallflower Test 1', Copyright: 'Maya' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '52/1 31/1 1234/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '13/1 24/1 0/1',
  },
};

/** Two colours side by side, so orientation can be checked from the pixels. */
export function twoTone(width: number, height: number): Sharp {
  const half = Math.max(1, Math.floor(width / 2));
  return sharp({ create: { width, height, channels: 3, background: { r: 220, g: 30, b: 30 } } }).composite([
    {
      input: { create: { width: width - half, height, channels: 3, background: { r: 30, g: 30, b: 220 } } },
      left: half,
      top: 0,
    },
  ]);
}

/**
 * A JPEG carrying everything a phone leaks: EXIF with GPS and the camera, an
 * orientation tag, XMP with coordinates, IPTC with the city, and an ICC profile.
 */
export async function leakyJpeg(width: number, height: number, orientation = 1): Promise<Buffer> {
  const flat = await twoTone(width, height).jpeg().toBuffer();
  const jpeg = await sharp(flat)
    .withExif(GPS_EXIF)
    .withMetadata({ orientation })
    .withXmp(XMP_PACKET)
    .withIccProfile('p3')
    .jpeg({ quality: 90 })
    .toBuffer();
  return insertJpegSegment(jpeg, 0xed, iptcSegmentPayload());
}

/** The TIFF bytes of an EXIF block with GPS, as a PNG eXIf chunk carries them. */
export async function exifTiff(): Promise<Buffer> {
  const probe = await sharp({ create: { width: 2, height: 2, channels: 3, background: 'white' } })
    .jpeg()
    .withExif(GPS_EXIF)
    .toBuffer();
  const exif = (await sharp(probe).metadata()).exif!;
  return exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
}

/** A PNG with a hand-made eXIf chunk (GPS inside) and an iTXt XMP chunk. */
export async function leakyPng(width: number, height: number, alpha = false): Promise<Buffer> {
  const png = await sharp({
    create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 0, g: 0, b: 0, alpha: 0 } : 'green' },
  })
    .png()
    .toBuffer();
  const itxt = Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), Buffer.from(XMP_PACKET, 'utf8')]);
  return insertPngChunks(png, [pngChunk('eXIf', await exifTiff()), pngChunk('iTXt', itxt)]);
}

export async function leakyWebp(width: number, height: number): Promise<Buffer> {
  return twoTone(width, height).webp().withExif(GPS_EXIF).withXmp(XMP_PACKET).toBuffer();
}

/** A tiny PNG that declares a huge canvas: a decompression bomb if anyone decodes it. */
export function pixelBombPng(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  // One row of zeros; the rest of the promised 1.2 GB would inflate from nothing.
  const idat = deflateSync(Buffer.alloc(1 + width * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real small JPEG whose frame header is rewritten to declare width x height. */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: 'gray' } }).jpeg().toBuffer());
  let at = 2;
  while (at < jpeg.length) {
    expect(jpeg[at]).toBe(0xff);
    const marker = jpeg[at + 1]!;
    const len = jpeg.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(height, at + 5);
      jpeg.writeUInt16BE(width, at + 7);
      return jpeg;
    }
    at += 2 + len;
  }
  throw new Error('no frame header');
}

// ---------------------------------------------------------------------------------------
// Reading metadata back

/** Tags of a TIFF/EXIF block: IFD0's tags and, when there is one, the GPS IFD's. */
export function exifTags(exif: Buffer): { ifd0: number[]; gps: number[] } {
  const b = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const le = b.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const ifd = (off: number) => {
    const tags = new Map<number, number>();
    for (let i = 0; i < u16(off); i++) tags.set(u16(off + 2 + i * 12), u32(off + 2 + i * 12 + 8));
    return tags;
  };
  const ifd0 = ifd(u32(4));
  const gpsAt = ifd0.get(0x8825);
  return { ifd0: [...ifd0.keys()], gps: gpsAt === undefined ? [] : [...ifd(gpsAt).keys()] };
}

/** The fixture really carries what it is meant to leak, so a clean result means something. */
export async function expectLeaky(bytes: Buffer, what: { gps?: boolean; xmp?: boolean; iptc?: boolean } = {}) {
  const meta = await sharp(bytes).metadata();
  expect(meta.exif, 'fixture has EXIF').toBeDefined();
  if (what.gps !== false) expect(exifTags(meta.exif!).gps, 'fixture has GPS latitude').toContain(2);
  if (what.xmp) expect(meta.xmp, 'fixture has XMP').toBeDefined();
  if (what.iptc) expect(meta.iptc, 'fixture has IPTC').toBeDefined();
}

const MARKERS = ['Exif\0\0', 'http://ns.adobe.com/xap', 'Photoshop 3.0', '8BIM', 'ProbeCam', 'ICC_PROFILE', 'eXIf'];

/** A JPEG with no EXIF, GPS, XMP, IPTC, orientation or ICC profile, checked two ways. */
export async function expectCleanJpeg(bytes: Buffer): Promise<Metadata> {
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('jpeg');
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  const text = bytes.toString('latin1');
  for (const marker of MARKERS) expect(text.includes(marker), `found ${JSON.stringify(marker)}`).toBe(false);
  // No APPn segment but JFIF's APP0, no COM: walk the segments up to the scan.
  let at = 2;
  while (at < bytes.length && bytes[at + 1] !== 0xda) {
    const marker = bytes[at + 1]!;
    if (marker >= 0xe1 && marker <= 0xef) throw new Error(`APP${marker - 0xe0} segment left in the JPEG`);
    expect(marker, 'comment segment left in the JPEG').not.toBe(0xfe);
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return meta;
}

/** The colour of one pixel of a JPEG, in RGB. */
export async function pixelAt(bytes: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

/** twoTone's red at `red` and its blue at `blue` (x, y), so the picture is the right way round. */
export async function expectRedAndBlue(jpeg: Buffer, red: [number, number], blue: [number, number]): Promise<void> {
  const [rr, , rb] = await pixelAt(jpeg, ...red);
  const [br, , bb] = await pixelAt(jpeg, ...blue);
  expect(rr).toBeGreaterThan(150);
  expect(rb).toBeLessThan(100);
  expect(bb).toBeGreaterThan(150);
  expect(br).toBeLessThan(100);
}

export const base64 = (b: Buffer): string => b.toString('base64');
