import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** The start-up and the composition root: only main.ts and cli/ import app.ts. */
const TOP = /^(\.\.\/)+(app|main)(\.ts)?$|^(\.\.\/)+cli\//;
/** The server's leaves: the configuration, the project's paths and the test clock. */
const LEAVES = /^(\.\.\/)+(config|paths|test-clock)(\.ts)?$/;
/** Imports of these server folders, from any depth. */
const floors = (...names) => new RegExp(`^(\\.\\./)+(${names.join('|')})/`);
/**
 * The server's import rule for `files`: never src/ or machines/ (DESIGN 1), nor what
 * `climbs` names. One block per floor, each repeating the first, since a later block's
 * options replace an earlier one's for the files both match.
 */
const serverFloor = (files, climbs = []) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['../src/*', '../../src/*', '../machines/*', '../../machines/*'] },
          ...climbs.map((p) =>
            p instanceof RegExp ? { regex: p.source, message: 'A server floor imports only the floors below it (DESIGN 1).' } : p,
          ),
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', '.tmp/**', 'data/**', 'server/db/migrations/**', 'bench/.out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['tests/e2e/**/*.ts'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  {
    // Layering of DESIGN 1: machines never import React or src; contract imports nothing of ours.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', '../src/*', '../../src/*', '../../../src/*', 'styled-components'] }],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['../machines/*', '../src/*', '../server/*'] }],
    },
  },
  serverFloor(['server/**/*.ts']),
  // The server's floors (DESIGN 1, docs/ARCHITECTURE.md): each imports only the floors below
  // it, main -> app -> routes, plugins, pages -> use-cases -> access -> cache -> db -> domain,
  // with presenters/ (over db), core/ and realtime/ beside them. Each block names what its
  // folder may not import, so an import that climbs fails the lint.
  serverFloor(['server/app.ts'], [/^\.\/(main|cli\/)/]),
  serverFloor(['server/{routes,plugins,pages}/**/*.ts'], [TOP]),
  serverFloor(['server/use-cases/**/*.ts'], [TOP, floors('routes', 'plugins', 'pages', 'realtime')]),
  serverFloor(['server/access/**/*.ts'], [TOP, floors('routes', 'plugins', 'pages', 'realtime', 'use-cases', 'presenters')]),
  // A presenter shapes a repository's rows into an answer, and reads nothing itself.
  serverFloor(['server/presenters/**/*.ts'], [TOP, floors('routes', 'plugins', 'pages', 'realtime', 'use-cases', 'access', 'cache')]),
  serverFloor(['server/cache/**/*.ts'], [TOP, floors('routes', 'plugins', 'pages', 'realtime', 'use-cases', 'presenters', 'access')]),
  serverFloor(['server/db/**/*.ts'], [TOP, floors('routes', 'plugins', 'pages', 'realtime', 'use-cases', 'presenters', 'access', 'cache')]),
  // domain/ is pure: rules as functions, no input or output, so not even the configuration.
  serverFloor(['server/domain/**/*.ts'], [TOP, LEAVES, floors('routes', 'plugins', 'pages', 'realtime', 'use-cases', 'presenters', 'access', 'cache', 'db')]),
  // realtime/ delivers and carries; it stores and decides nothing, so it reads no data.
  serverFloor(['server/realtime/**/*.ts'], [TOP, floors('routes', 'plugins', 'pages', 'use-cases', 'presenters', 'access', 'cache', 'db')]),
  // core/ is what every floor shares: contract/ only, and libraries' types (node's built-ins as they are).
  serverFloor(['server/core/**/*.ts'], [/^\.\.\/(?!\.\.\/contract\/)/, { regex: '^(?!node:|\\.)', allowTypeImports: true }]),
  // config.ts, paths.ts and test-clock.ts are leaves any floor but core and domain may use.
  serverFloor(['server/{config,paths,test-clock}.ts'], [/^\.\/(?!(config|paths|test-clock)(\.ts)?$)/]),
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', '*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', performance: 'readonly' } },
  },
  {
    // The embedded database's thread (plain JavaScript, so it starts without a loader).
    files: ['server/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', performance: 'readonly' } },
  },
  {
    // Scripts the generated service worker imports.
    files: ['public/**/*.js'],
    languageOptions: { globals: { self: 'readonly', caches: 'readonly', clients: 'readonly', URL: 'readonly', fetch: 'readonly', atob: 'readonly' } },
  },
);
