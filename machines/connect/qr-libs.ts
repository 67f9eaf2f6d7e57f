/**
 * The QR libraries (issue 19), fetched as a chunk of their own the first time a code is
 * drawn or read. They are reached through this module, which also uses the shell's own
 * code (logFailure), so the bundler keeps its helpers in the entry rather than splitting
 * them into an extra chunk that the entry would preload (its budget, issue 15).
 */
import { toDataURL } from 'qrcode';
import jsQR from 'jsqr';
import { logFailure } from '../log';

/** The QR image of a text, as a data: URL (PNG). */
export async function qrDataUrl(text: string): Promise<string> {
  try {
    return await toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 264, color: { dark: '#1f2430', light: '#ffffff' } });
  } catch (error) {
    logFailure('drawing the QR code', error);
    throw error;
  }
}

/** The text of the QR code in these pixels (RGBA), or null. */
export const readQrPixels = (data: Uint8ClampedArray, width: number, height: number): string | null =>
  jsQR(data, width, height)?.data ?? null;
