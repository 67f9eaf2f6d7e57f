/**
 * Reading QR codes (issue 19): the browser's BarcodeDetector where it reads QR codes,
 * else jsQR on the pixels of a canvas (the library is fetched the first time only).
 * One decoder for camera frames and for a chosen photo alike.
 */
import { TOKEN_RE } from '../../contract/connect-words';

/** What a decoder reads from: a video frame or an image, at its own size. */
export type Frame = { source: CanvasImageSource; width: number; height: number };
export type Decode = (frame: Frame) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** The largest side a frame is read at: enough for a code held up to a phone, and quick. */
const MAX_SIDE = 1024;

async function nativeDecoder(): Promise<Decode | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async ({ source }) => (await detector.detect(source))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function jsqrDecoder(): Promise<Decode> {
  const { readQrPixels } = await import('./qr-libs');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async ({ source, width, height }) => {
    if (!context || !width || !height) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return readQrPixels(pixels.data, pixels.width, pixels.height);
  };
}

let chosen: Promise<Decode> | null = null;
/** The decoder this browser has (chosen once). */
export function qrDecoder(): Promise<Decode> {
  chosen ??= nativeDecoder().then((native) => native ?? jsqrDecoder());
  return chosen;
}

/** The text of the QR code in a photo, or null when none can be read. */
export async function decodeImageFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const decode = await qrDecoder();
    return await decode({ source: bitmap, width: bitmap.width, height: bitmap.height });
  } finally {
    bitmap.close();
  }
}

/** The token a scanned text holds (this app's codes hold just the token), or null for any other code. */
export const tokenIn = (text: string): string | null => {
  const token = text.trim();
  return TOKEN_RE.test(token) ? token : null;
};
