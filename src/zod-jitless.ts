/**
 * zod in the browser (vite.config.ts sends `zod` here): without its JIT, which first tries
 * `new Function` and so breaks the page's Content-Security-Policy (no 'unsafe-eval': the
 * browser reports it as an issue). The app parses small answers; the server keeps the JIT.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { z, default } from 'zod/v4';
