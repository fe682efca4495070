import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// `npm run test:interop`: the kit against the real AgentScope 2.0.2 (three transports) and 2.0.0 (native) servers of examples/agentscope-server.
// Two Java servers, one Vite dev server proxying /api to the 2.0.2 one and one Chromium for all files (global-setup.ts);
// files run one after another so the browser test does not share the two cores with the Node scenarios.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/interop/**/*.test.ts'],
    globalSetup: ['test/interop/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
