import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Writes a .br and a .gz copy beside every text file of the build (after the service
 * worker is generated, so sw.js gets them too). The server sends the copy the browser
 * accepts (@fastify/static preCompressed): no compression work per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  return {
    name: 'wallflower:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        for (const file of walk(outDir)) {
          if (!/\.(js|mjs|css|html|svg|webmanifest|json|txt)$/.test(file) || statSync(file).size < 1024) continue;
          const data = readFileSync(file);
          writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        }
      },
    },
  };
}

/**
 * The signed-in start in two files instead of some forty (issue 44 item 1): a phone on a
 * slow network fetched the charts and parts a signed-in person opens to, each shared by
 * several lazy views, in three waves of small files over six HTTP/1.1 connections. Here
 * every module that the start's parts import and the entry does not joins one chunk, the
 * event view's own another, and those the signed-out views share with them a third: the
 * login page loads only that one of the three (and its own), so it costs nothing more.
 */
function startGroups() {
  const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  const roots = {
    entry: ['src/main.tsx'],
    // What any page may load before someone signs in: the login, its links, the PWA's parts, toasts.
    signedOut: [
      'src/views/LoginView.tsx',
      'machines/session/auth.machine.ts',
      'src/views/ResetPasswordView.tsx',
      'src/views/VerifyEmailView.tsx',
      'machines/session/password-reset.machine.ts',
      'machines/session/verify-email.machine.ts',
      'machines/pwa/pwa.machine.ts',
      'src/later.ts',
      'src/components/PwaActions.tsx',
      'src/components/PwaNotes.tsx',
      'src/components/ToastCard.tsx',
      'src/components/ErrorCard.tsx',
    ],
    start: ['machines/session/session-charts.ts', 'src/views/EventsView.tsx', 'src/components/Break.tsx', 'src/components/BottomNav.tsx'],
    event: ['src/views/EventView.tsx'],
  };
  type Info = { importedIds: readonly string[] } | null;
  type Sets = Record<keyof typeof roots, Set<string>>;
  // Worked out once per chunking pass (the graph's objects are the same within one).
  const passes = new WeakMap<object, Sets>();
  const closure = (from: string[], info: (id: string) => Info) => {
    const seen = new Set<string>();
    const queue = from.map(at);
    while (queue.length) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(info(id)?.importedIds ?? []));
    }
    return seen;
  };
  const groupOf = (id: string, ctx: { getModuleInfo(id: string): Info }): string | null => {
    const pass = ctx.getModuleInfo(at(roots.entry[0]!))!;
    const sets = passes.get(pass) ?? (Object.fromEntries(Object.entries(roots).map(([k, v]) => [k, closure(v, (x) => ctx.getModuleInfo(x))])) as Sets);
    passes.set(pass, sets);
    if (sets.entry.has(id)) return null;
    const signedIn = sets.start.has(id) || sets.event.has(id);
    if (sets.signedOut.has(id)) return signedIn ? 'common' : null;
    if (sets.start.has(id)) return 'start';
    return sets.event.has(id) ? 'event' : null;
  };
  return [{ name: groupOf, includeDependenciesRecursively: false }];
}

/**
 * Names, in start.json beside index.html, the chunks of the signed-in start and of the
 * event view (startGroups), each with what it imports beyond the entry: the server hints
 * them in the page it sends to someone with a session (server/plugins/static.ts), so they
 * come with the entry instead of after it has run.
 */
function startChunks(): Plugin {
  return {
    name: 'wallflower:start-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry)!;
      const loaded = new Set([entry.fileName, ...entry.imports]);
      const with_ = (names: string[]) => {
        const files = new Set<string>();
        const queue = chunks.filter((c) => names.includes(c.name)).map((c) => c.fileName);
        while (queue.length) {
          const file = queue.shift()!;
          if (files.has(file) || loaded.has(file)) continue;
          files.add(file);
          queue.push(...(byFile.get(file)?.imports ?? []));
        }
        return [...files].map((f) => `/${f}`);
      };
      const start = with_(['start']);
      this.emitFile({ type: 'asset', fileName: 'start.json', source: JSON.stringify({ start, event: with_(['event']).filter((f) => !start.includes(f)) }) });
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8081}`;

/**
 * The words (issue 38): Lingui's macros in the parts of the English (src/i18n/en/*.ts) keep
 * only the message ids in a build (its own transform, on the files that import a macro),
 * and a catalogue (<part>/locales/<language>/*.po) is compiled when it is imported.
 */
export const words = (): PluginOption[] => lingui({ macroTransform: true });

export default defineConfig({
  plugins: [
    ...words(),
    react(),
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'robots.txt', 'sw-notifications.js'],
      manifest: {
        name: 'Wallflower',
        short_name: 'Wallflower',
        description: 'Meet people at events at your own pace.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#2f5d8a',
        background_color: '#f6f4f1',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        // The accessibility statement is a page the server makes, not the app.
        navigateFallbackDenylist: [/^\/api\//, /^\/ws\//, /^\/accessibility/],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        cleanupOutdatedCaches: true,
        importScripts: ['/sw-notifications.js'],
        // The last known events list and open event stay readable offline. Only GET
        // answers are kept, and the app deletes this cache at logout.
        runtimeCaching: [
          {
            urlPattern: ({ url, request }) =>
              request.method === 'GET' &&
              url.pathname.startsWith('/api/') &&
              /^\/api\/(events|discover|safe-zones|micro-communities|recommendations|connections|notifications)(\/|$)/.test(
                url.pathname,
              ),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'wf-api',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 60, maxAgeSeconds: 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    startChunks(),
    precompress(),
  ],
  // A browser without modulepreload (Safari before 17) only skips the hint: no polyfill in the entry.
  resolve: {
    // @xstate/react asks for the shim that brings useSyncExternalStore to React before 18;
    // React 19 has it, so the plain entry points are used and the shim stays out of the entry.
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim$/, replacement: 'use-sync-external-store' },
      // zod without its JIT in the browser (src/zod-jitless.ts): no eval, so nothing breaks the CSP.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-jitless.ts', import.meta.url)) },
    ],
  },
  build: {
    target: 'es2022',
    // BUILD_SOURCEMAP=1 npx vite build: maps to see what the entry is made of.
    sourcemap: !!process.env.BUILD_SOURCEMAP,
    modulePreload: {
      polyfill: false,
      // The admin panel's chunks fetch their own imports when opened: preloading them is not
      // worth their file names in every attendee's entry script (issue 39: entry budget).
      // The event view's own parts (the only first screen with more than 20) are fetched as it
      // opens rather than named here: their names cost every visitor's entry (issue 41 grew it).
      resolveDependencies: (file, deps) => (/(^|\/)admin/i.test(file) ? [] : deps.length > 20 ? [file] : deps),
    },
    // The entry lists every lazy chunk's file name (to preload its imports), so the names
    // are short: a hash of seven characters (the least rolldown allows for this many
    // chunks), without the module's name, except the admin panel's (tests/e2e/admin.spec.ts
    // looks for them, to show the attendee entry never names the admin code).
    rollupOptions: {
      output: {
        hashCharacters: 'base36',
        chunkFileNames: (chunk) => (/^admin/i.test(chunk.name) ? 'assets/[name]-[hash:7].js' : 'assets/[hash:7].js'),
        codeSplitting: { groups: startGroups() },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/accessibility': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
