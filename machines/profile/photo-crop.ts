/**
 * A profile photo cropped to a square on the device: where the square sits as the person
 * moves and zooms it (plain numbers, so charts and tests use them alike), and the
 * browser's part, which opens a picked image and draws the square scaled down as a JPEG,
 * so a phone sends about 100 KB instead of its full photo.
 */

export interface ImageSize {
  width: number;
  height: number;
}

/** The square kept: its centre in image pixels, and the zoom (1: the largest square that fits). */
export interface Crop {
  x: number;
  y: number;
  zoom: number;
}

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
/** The side of the square the app sends; the server keeps a smaller one. */
export const CROP_OUTPUT_PX = 512;
const JPEG_QUALITY = 0.9;

const clamp = (n: number, min: number, max: number): number => Math.min(max, Math.max(min, n));

export const cropSide = (size: ImageSize, zoom: number): number => Math.min(size.width, size.height) / zoom;

/** The crop moved and zoomed back inside the image, wherever it was asked to be. */
export function clampCrop(size: ImageSize, c: Crop): Crop {
  const zoom = clamp(Number.isFinite(c.zoom) ? c.zoom : ZOOM_MIN, ZOOM_MIN, ZOOM_MAX);
  const half = cropSide(size, zoom) / 2;
  return { zoom, x: clamp(c.x, half, size.width - half), y: clamp(c.y, half, size.height - half) };
}

/** The largest square in the middle: where every crop starts. */
export const centredCrop = (size: ImageSize): Crop => ({ x: size.width / 2, y: size.height / 2, zoom: ZOOM_MIN });

/**
 * The photo moved by a share of the frame (dx, dy): dragging it right by the frame's
 * width brings into view what was a frame's width to its left.
 */
export function movedCrop(size: ImageSize, c: Crop, dx: number, dy: number): Crop {
  const side = cropSide(size, c.zoom);
  return clampCrop(size, { ...c, x: c.x - dx * side, y: c.y - dy * side });
}

export const zoomedCrop = (size: ImageSize, c: Crop, zoom: number): Crop => clampCrop(size, { ...c, zoom });

/** Where the whole image sits in the square frame, in percent of the frame's side. */
export function cropPlacement(size: ImageSize, c: Crop): { width: number; left: number; top: number } {
  const side = cropSide(size, c.zoom);
  return {
    width: (size.width / side) * 100,
    left: ((side / 2 - c.x) / side) * 100,
    top: ((side / 2 - c.y) / side) * 100,
  };
}

/** A picked image, opened: its size as the browser shows it (upright) and an address for the preview. */
export interface OpenedImage extends ImageSize {
  url: string;
}

/**
 * Decodes the picked file, so an unreadable one is caught before the crop step. Both
 * the bitmap and the preview <img> apply the file's EXIF orientation, so what the
 * person frames is what is drawn.
 */
export async function openImage(file: Blob): Promise<OpenedImage> {
  const bitmap = await createImageBitmap(file);
  const { width, height } = bitmap;
  bitmap.close();
  if (!width || !height) throw new Error('empty image');
  return { url: URL.createObjectURL(file), width, height };
}

export const releaseImage = (image: OpenedImage | null): void => {
  if (image) URL.revokeObjectURL(image.url);
};

/** The cropped square as base64 JPEG, at most CROP_OUTPUT_PX wide, transparency on white. */
export async function renderSquareJpeg(file: Blob, size: ImageSize, crop: Crop): Promise<string> {
  const c = clampCrop(size, crop);
  const side = cropSide(size, c.zoom);
  const out = Math.max(1, Math.round(Math.min(CROP_OUTPUT_PX, side)));
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = out;
    canvas.height = out;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d canvas');
    g.imageSmoothingQuality = 'high';
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, out, out);
    g.drawImage(bitmap, c.x - side / 2, c.y - side / 2, side, side, 0, 0, out, out);
    const dataUrl = canvas.toDataURL('image/jpeg', JPEG_QUALITY);
    return dataUrl.slice(dataUrl.indexOf(',') + 1);
  } finally {
    bitmap.close();
  }
}
