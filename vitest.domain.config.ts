import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['tests/server/domain/**/*.test.ts'], environment: 'node' },
});
