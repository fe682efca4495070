/**
 * The unit test files as the vitest configs (vite.config.ts, test/react18/vitest.config.ts) sort them into projects:
 * vitest keeps a worker for the next file only when that file needs the same project and environment, so the files
 * of one environment run as one project, and the files that need a module graph of their own as another.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

const TEST_FILES = readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => ({ path: `test/${file.split(sep).join('/')}`, text: readFileSync(join(ROOT, 'test', file), 'utf8') }))

export const UNIT_TESTS = ['test/**/*.test.{ts,tsx}']
export const NOT_UNIT_TESTS = ['test/browser/**', 'test/interop/**', 'test/package/**', 'node_modules/**']

/** The files that ask for jsdom (`// @vitest-environment jsdom`). */
export const DOM_TESTS = TEST_FILES.filter((file) => /^\/\/ @vitest-environment jsdom$/m.test(file.text)).map((file) => file.path)

/**
 * Files that need a module graph of their own: those that replace modules (vi.mock, found by reading the files, so a
 * new one cannot be forgotten), and those that count what a module does on its first load or the console errors the
 * kit reports once per process (src/core/dev-error.ts).
 */
export const ISOLATED_TESTS = [
  ...TEST_FILES.filter((file) => /\bvi\.(do)?mock\(/i.test(file.text)).map((file) => file.path),
  'test/core/reduce.test.ts',
  'test/react/on-error.test.tsx',
]
