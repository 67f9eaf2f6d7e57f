/**
 * Event photos arrive from phones and carry where and when they were taken (EXIF GPS),
 * the camera, editing history (XMP, IPTC) and sometimes a decompression bomb. Before
 * anything is stored (DESIGN 5) an upload is: decoded from base64, typed by its bytes
 * (JPEG, PNG or WebP only), measured from its header before a single pixel is decoded,
 * then re-encoded to a fresh JPEG, turned upright, capped in size and written with no
 * metadata at all. Every image is re-encoded, small ones too: the original bytes are
 * never kept. Profile photos go the same way to a small centred square.
 */
import sharp, { type Metadata } from 'sharp';
import { HttpError, badRequest } from '../core/errors';
import { WorkSlots } from './work-slots';
import { type Said, sentence } from '../../contract/said';

// Each upload is decoded once; libvips' operation cache would only hold on to memory.
sharp.cache(false);

export const IMAGE_LIMITS = {
  /** Decoded bytes; the JSON body limit (LIMITS.photoBodyBytes) sits just above its base64. */
  maxBytes: 8 * 1024 * 1024,
  /** Width x height; about a 7,700 x 5,200 photo, larger than phones take. */
  maxPixels: 40_000_000,
  /** Long edge of the stored JPEG, so lists of photos stay light. */
  longEdge: 1600,
  quality: 82,
} as const;

/** A photo past its size, in megabytes. */
const photoAtMost = sentence(
  /*i18n*/ { id: 'error.photoAtMost', message: 'The photo must be at most {mb} MB' },
  ({ mb }: { mb: number }) => `The photo must be at most ${mb} MB`,
);

export const IMAGE_MESSAGES = {
  notBase64: /*i18n*/ { id: 'error.field.photoNotBase64', message: 'photo_data: must be base64 image data' },
  wrongType: /*i18n*/ { id: 'error.photoWrongType', message: 'Only JPEG, PNG or WebP images are accepted' },
  tooManyBytes: photoAtMost({ mb: IMAGE_LIMITS.maxBytes / (1024 * 1024) }),
  tooManyPixels: /*i18n*/ { id: 'error.photoTooManyPixels', message: 'That image is too large to process' },
  unreadable: /*i18n*/ { id: 'error.photoUnreadable', message: 'That image could not be read' },
} as const;

export type ImageType = 'jpeg' | 'png' | 'webp';

/** What an upload becomes: how many decoded bytes it may have, and the JPEG stored. */
export interface ImageTarget {
  maxBytes: number;
  /** The detail of the 413 past maxBytes. */
  tooManyBytes: Said;
  /** The stored JPEG's long edge, or with `square` its side. */
  edge: number;
  /** A centred square, as large as the image allows up to `edge`. */
  square: boolean;
  quality: number;
}

export const EVENT_PHOTO: ImageTarget = {
  maxBytes: IMAGE_LIMITS.maxBytes,
  tooManyBytes: IMAGE_MESSAGES.tooManyBytes,
  edge: IMAGE_LIMITS.longEdge,
  square: false,
  quality: IMAGE_LIMITS.quality,
};

/**
 * A profile photo: the app sends a 512 px square it cropped and scaled on the device
 * (about 100 KB); 256 px is plenty for avatars of at most 128 CSS px, and keeps the lists
 * that carry them light.
 */
export const PROFILE_PHOTO: ImageTarget = {
  maxBytes: 2 * 1024 * 1024,
  tooManyBytes: /*i18n*/ { id: 'error.profilePhotoAtMost', message: 'The profile photo must be at most 2 MB' },
  edge: 256,
  square: true,
  quality: 80,
};

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0): boolean =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

/** The type by the file's magic bytes, never by its name or a claimed MIME type. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF <size> WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

const DATA_URL_PREFIX = /^data:[a-z0-9.+/-]*(;[a-z0-9=.+-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The bytes of a base64 upload, optionally written as a data: URL. The size is checked
 * from the text's length before anything is decoded.
 */
export function decodeBase64Image(data: string, target: ImageTarget = EVENT_PHOTO): Buffer {
  const body = data.replace(DATA_URL_PREFIX, '');
  if (!BASE64.test(body)) throw badRequest(IMAGE_MESSAGES.notBase64);
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  const size = Math.floor((body.length * 3) / 4) - padding;
  if (size > target.maxBytes) throw new HttpError(413, target.tooManyBytes);
  return Buffer.from(body, 'base64');
}

/** Two at once matches the two cores this runs on; libvips threads each job itself. */
export const imageSlots = new WorkSlots(
  2,
  16,
  () => new HttpError(429, /*i18n*/ { id: 'error.photosBusy', message: 'Many photos are being shared right now. Please try again in a moment.' }, { 'retry-after': '5' }),
);

/**
 * A clean JPEG from an uploaded JPEG, PNG or WebP: upright (EXIF orientation applied),
 * long edge at most the target's edge (or its centred square, side at most the edge),
 * transparency on white, sRGB, and none of the input's EXIF, GPS, XMP, IPTC or ICC
 * blocks (sharp writes metadata only when asked with keepExif / withMetadata, and this
 * never asks).
 */
export async function toCleanJpeg(bytes: Buffer, target: ImageTarget = EVENT_PHOTO): Promise<Buffer> {
  if (bytes.length > target.maxBytes) throw new HttpError(413, target.tooManyBytes);
  const type = sniffImageType(bytes);
  if (!type) throw badRequest(IMAGE_MESSAGES.wrongType);

  // Reading the header decodes no pixels, so a small file that declares a huge canvas
  // (a decompression bomb) is refused here, before it can claim any memory.
  const options = { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(IMAGE_MESSAGES.unreadable);
  }
  if (meta.format !== type) throw badRequest(IMAGE_MESSAGES.wrongType);
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (!pixels) throw badRequest(IMAGE_MESSAGES.unreadable);
  if (pixels > IMAGE_LIMITS.maxPixels) throw badRequest(IMAGE_MESSAGES.tooManyPixels);
  // Turning upright swaps width and height, which leaves the shorter side as it is.
  const side = Math.min(meta.width!, meta.height!, target.edge);
  const resize = target.square
    ? { width: side, height: side, fit: 'cover' as const, position: 'centre' }
    : { width: target.edge, height: target.edge, fit: 'inside' as const, withoutEnlargement: true };

  try {
    // limitInputPixels stays on as well: the decoder refuses a canvas larger than the
    // header promised.
    return await imageSlots.run(() =>
      sharp(bytes, options)
      .autoOrient()
      .resize(resize)
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: target.quality, mozjpeg: false, chromaSubsampling: '4:2:0' })
      .toBuffer(),
    );
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw badRequest(IMAGE_MESSAGES.tooManyPixels);
    throw badRequest(IMAGE_MESSAGES.unreadable);
  }
}
