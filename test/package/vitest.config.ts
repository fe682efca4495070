import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The package suite (`npm run test:package`): builds and packs the kit once (global-setup.ts), installs the tarball
// into a fresh consumer project, then builds small apps against it. Slow work (a Vite build per app, a Next.js
// build), so it is not part of `npm test`; .ci/run runs it.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/package/**/*.test.ts'],
    globalSetup: ['test/package/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
})
