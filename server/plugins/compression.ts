/**
 * The API's answers compressed (issue 44 item 1): the event view's lists are 10-25 KB of
 * JSON each (the people nearby, the suggestions), which a phone on a slow network waited
 * for in full. @fastify/compress, inside /api only (the app's files are compressed at
 * build time, server/plugins/static.ts), for answers of 1 KB and more: Brotli where the
 * browser offers it (over HTTPS), gzip otherwise, each at its quickest setting, which makes
 * a 20 KB list 4.3-4.5 KB in 0.06-0.09 ms (gzip 6 or Brotli 4: 3.8 KB in 0.19-0.23 ms).
 *
 * BREACH (a secret read from compressed sizes) needs many answers asked with the person's
 * session by a page elsewhere: the session is a SameSite=Lax cookie, in a header, which is
 * never compressed, and such a page's requests do not carry it.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Below this, an answer goes as it is: compressing would save a few bytes for the CPU it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Up to this size an answer is compressed at once, in the request's own task, rather than
 * through a stream and the thread pool (the plugin's own ceiling on two cores is 8 KB):
 * a tenth of a millisecond, less than the stream's setup and the hand-over.
 */
const SYNC_UP_TO_BYTES = 256 * 1024;

export async function registerCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    global: true,
    // Answers only: request bodies are read as they come, as before (the plugin would
    // otherwise inflate a gzipped body, past what the body limit measured).
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    syncThreshold: SYNC_UP_TO_BYTES,
  });
}
