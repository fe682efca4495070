import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The real-browser suite: `npm run test:browser`. One demo build, one preview server, one Chromium for all files
// (test/browser/global-setup.ts); files run one after another so timing checks don't share two cores.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/browser/**/*.test.ts'],
    globalSetup: ['test/browser/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
})
