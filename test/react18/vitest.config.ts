import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { unitTestProjects } from '../unit-test-files.ts'

// The component and hook tests against React 18.3 (`npm run test:react18`), the oldest React the kit supports.
// React 18 is installed apart from the project's own React 19, into node_modules/.cache (from the npm registry,
// the npm cache first), and every `react`/`react-dom` import resolves to it; the libraries that import React are
// inlined so that their imports resolve the same way. Users install nothing special: React 18.3 fits the peer range.
const REACT_VERSION = '18.3.1'
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const REACT_18 = `${ROOT}node_modules/.cache/react-${REACT_VERSION}`

if (!existsSync(`${REACT_18}/node_modules/react-dom/package.json`)) {
  mkdirSync(REACT_18, { recursive: true })
  writeFileSync(`${REACT_18}/package.json`, JSON.stringify({ name: 'agentscope-react-18', private: true }))
  const install = [
    'install',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    `react@${REACT_VERSION}`,
    `react-dom@${REACT_VERSION}`,
  ]
  execFileSync('npm', install, { cwd: REACT_18, stdio: 'inherit' })
}

export default defineConfig({
  root: ROOT,
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: `${REACT_18}/node_modules/react/index.js` },
      { find: /^react\/(.*)$/, replacement: `${REACT_18}/node_modules/react/$1.js` },
      { find: /^react-dom$/, replacement: `${REACT_18}/node_modules/react-dom/index.js` },
      { find: /^react-dom\/(.*)$/, replacement: `${REACT_18}/node_modules/react-dom/$1.js` },
      // its ES build (the package's `module`), so that its React imports go through the aliases above
      { find: /^@testing-library\/react$/, replacement: `${ROOT}node_modules/@testing-library/react/dist/@testing-library/react.esm.js` },
    ],
  },
  test: {
    environment: 'node',
    env: { AGENTSCOPE_REACT_VERSION: REACT_VERSION },
    setupFiles: ['test/setup-testing-library.ts'],
    server: { deps: { inline: [/@testing-library\/react/, /zustand/] } },
    // as in vite.config.ts: two workers, and the projects of test/unit-test-files.ts
    maxWorkers: 2,
    projects: unitTestProjects(['test/components', 'test/react']),
  },
})
