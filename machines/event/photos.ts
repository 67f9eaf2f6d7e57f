/**
 * A photo of an event's gallery (SPEC 5 "Photo upload"): the files accepted, how a picked
 * one is read and sent, how a like changes it at once, and how it is described on screen.
 * The profile photo takes its files by the same rules.
 */
import type { Photo, PhotoLike } from '../../contract/media';
import { asWritten, sentence, type Said } from '../../contract/said';

/** The types the server accepts (it checks the bytes; this spares a pointless upload). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The server's cap on a decoded upload (server/domain/images.ts IMAGE_LIMITS.maxBytes). */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;

/** A photo over `mb` megabytes: said by the profile photo and the gallery alike. */
export const tooLarge = sentence(
  /*i18n*/ { id: 'photo.tooLarge', message: 'That photo is larger than {mb} MB. Please choose a smaller one.' },
  ({ mb }: { mb: number }) => `That photo is larger than ${mb} MB. Please choose a smaller one.`,
);

export const PHOTO_NOTES = {
  notAnImage: /*i18n*/ { id: 'photos.notAnImage', message: 'Only JPEG, PNG or WebP images are accepted' },
  tooLarge: tooLarge({ mb: PHOTO_MAX_BYTES / (1024 * 1024) }),
  unreadable: /*i18n*/ { id: 'photos.unreadable', message: "That file couldn't be read. Please choose another." },
  uploadFailed: /*i18n*/ { id: 'photos.uploadFailed', message: "Your photo couldn't be shared just now. Please try again." },
  shared: /*i18n*/ { id: 'photos.shared', message: 'Your photo is shared.' },
} as const;

/** The file the person picked, as the browser describes it. */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
  /** The bytes, read by the readFile actor; a File is a Blob. */
  blob: Blob;
}

/** Reads a picked file as a data: URL (FileReader, so it only runs in a browser). */
export const readFileAsDataUrl = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });

/** Why a picked file is refused before any reading, or null when it may be shared. */
export function fileRefusal(file: Pick<ChosenFile, 'type' | 'size'>): Said | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_NOTES.notAnImage;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_NOTES.tooLarge;
  return null;
}

/** The base64 part of a data: URL (SPEC 5: the photo is sent as base64). */
export const base64Of = (dataUrl: string): string => dataUrl.slice(dataUrl.indexOf(',') + 1);

/** The photo as it looks the moment the person taps Like, before the server answers. */
export function toggledLike(photo: Photo, me: PhotoLike): Photo {
  const liked = !photo.liked_by_me;
  const others = photo.likes.filter((l) => l.user_id !== me.user_id);
  return {
    ...photo,
    liked_by_me: liked,
    like_count: Math.max(0, photo.like_count + (liked ? 1 : -1)),
    likes: liked ? [...others, me] : others,
  };
}

/** Adds photos not yet shown, newest first; a photo already shown keeps its place. */
export function mergePhotos(shown: Photo[], incoming: Photo[]): Photo[] {
  const known = new Set(shown.map((p) => p.id));
  const fresh = incoming.filter((p) => !known.has(p.id));
  return [...fresh, ...shown];
}

/** Who liked a photo, said in any language: "Liked by {likers}", the likers joined by the sentences below. */
const likedBy = sentence(
  /*i18n*/ { id: 'photos.likedBy', message: 'Liked by {likers}' },
  ({ likers }: { likers: Said }) => `Liked by ${likers.message}`,
);
/** The viewer among the likers. */
const LIKED_BY_YOU: Said = /*i18n*/ { id: 'photos.likedByYou', message: 'you' };
/** The likers the viewer may not see by name, counted. */
const likersUnnamed = sentence(
  /*i18n*/ { id: 'photos.likersUnnamed', message: '{count, plural, one {# other} other {# others}}' },
  ({ count }: { count: number }) => (count === 1 ? '1 other' : `${count} others`),
);
/** The last two likers. */
const likersAnd = sentence(
  /*i18n*/ { id: 'photos.likersAnd', message: '{first} and {last}' },
  ({ first, last }: { first: Said; last: Said }) => `${first.message} and ${last.message}`,
);
/** A liker before the rest. */
const likersComma = sentence(
  /*i18n*/ { id: 'photos.likersComma', message: '{first}, {rest}' },
  ({ first, rest }: { first: Said; rest: Said }) => `${first.message}, ${rest.message}`,
);

/**
 * "Liked by you, Sam and 2 others": the likers the viewer may see by name, then a count
 * of the rest (shown to the viewer as "Anonymous attendee", without an id), so that
 * name is never repeated down the line. Null when nobody liked it.
 */
export function likedByText(photo: Photo, viewerId: string): Said | null {
  if (photo.like_count === 0) return null;
  const likers = photo.likes.flatMap((l) => (l.user_id === null ? [] : [l.user_id === viewerId ? LIKED_BY_YOU : asWritten(l.name)]));
  const others = Math.max(0, photo.like_count - likers.length);
  if (others > 0) likers.push(likersUnnamed({ count: others }));
  const joined = likers.reduceRight((rest, first, i) => (i === likers.length - 2 ? likersAnd({ first, last: rest }) : likersComma({ first, rest })));
  return likedBy({ likers: joined });
}

/**
 * The pixel size of a JPEG from its base64, read from the frame header near the start,
 * so the page can reserve the photo's space before it loads. Null when it is not there.
 */
export function jpegSize(base64: string): { width: number; height: number } | null {
  let bytes: Uint8Array;
  try {
    // The frame header follows the quantisation tables, well inside the first 64 KB.
    const head = atob(base64.slice(0, 87_376));
    bytes = Uint8Array.from(head, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2;
      continue;
    }
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    const isFrameHeader = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrameHeader) {
      const height = (bytes[i + 5]! << 8) | bytes[i + 6]!;
      const width = (bytes[i + 7]! << 8) | bytes[i + 8]!;
      return width > 0 && height > 0 ? { width, height } : null;
    }
    i += 2 + length;
  }
  return null;
}
