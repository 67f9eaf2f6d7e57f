/**
 * Vitest's jsdom environment on a phone's viewport. jsdom 31 applies media queries in
 * getComputedStyle (so Testing Library's roles hide what `display: none` hides), always for
 * a 1024x768 window that nothing can resize: that is the width where the app's wide layout
 * starts, so every component would be tested on a desktop. The app is made for phones: its
 * component tests see it as Playwright does (390x844), by giving jsdom that window before it
 * loads.
 */
import { createRequire } from 'node:module';
import { builtinEnvironments } from 'vitest/runtime';
import type { Environment } from 'vitest/runtime';

const require = createRequire(import.meta.url);
const file = require.resolve('jsdom/lib/jsdom/living/window/environment.js');
const desktop = require(file) as { innerWidth: number; innerHeight: number };
require.cache[file]!.exports = Object.freeze({ ...desktop, innerWidth: 390, innerHeight: 844 });

export default { ...builtinEnvironments.jsdom, name: 'phone-jsdom' } satisfies Environment;
