/**
 * The unit tests as the vitest configs (vite.config.ts, test/react18/vitest.config.ts) run them: three projects, one
 * after the other (`groupOrder`). Vitest keeps a worker for the next file only when that file needs the same project
 * and environment, so files of both environments in one queue restarted a worker (a process, jsdom, React and
 * Testing Library, ~1 s) about every third file.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProjectInlineConfiguration } from 'vitest/config'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

// The suites with configs of their own
const NOT_UNIT_TESTS = ['test/browser/', 'test/interop/', 'test/package/']

const TEST_FILES = readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => ({ path: `test/${file.split(sep).join('/')}`, text: readFileSync(join(ROOT, 'test', file), 'utf8') }))
  .filter((file) => !NOT_UNIT_TESTS.some((folder) => file.path.startsWith(folder)))

// Files that need a module graph of their own: those that replace modules (vi.mock, found by reading the files, so a
// new one cannot be forgotten), and those that count what a module does on its first load or the console errors the
// kit reports once per process (src/core/dev-error.ts).
const ISOLATED = new Set(['test/core/reduce.test.ts', 'test/react/on-error.test.tsx'])
const isIsolated = (file: { path: string; text: string }) => ISOLATED.has(file.path) || /\bvi\.(do)?mock\(/i.test(file.text)
// The files that ask for jsdom (`// @vitest-environment jsdom`)
const isDom = (file: { text: string }) => /^\/\/ @vitest-environment jsdom$/m.test(file.text)

/** The projects of the unit tests under `folders`: the isolated files, then the jsdom files, then the Node files. */
export function unitTestProjects(folders: readonly string[] = ['test']): TestProjectInlineConfiguration[] {
  const files = TEST_FILES.filter((file) => folders.some((folder) => file.path.startsWith(`${folder}/`)))
  const isolated = files.filter(isIsolated).map((file) => file.path)
  const dom = files.filter((file) => isDom(file) && !isIsolated(file)).map((file) => file.path)
  return [
    { extends: true, test: { name: 'isolated', include: isolated, sequence: { groupOrder: 0 } } },
    {
      extends: true,
      test: {
        name: 'dom',
        include: dom,
        environment: 'jsdom',
        // A worker runs many files in one module graph and one jsdom, instead of starting a process, a jsdom, React
        // and Testing Library again for each of the ~50 files (that start-up was over half of the run).
        // test/setup-testing-library.ts empties the DOM and puts real timers back after each file.
        isolate: false,
        sequence: { groupOrder: 1 },
      },
    },
    {
      extends: true,
      test: {
        name: 'node',
        // globs, so that a new Node test file is found in watch mode too
        include: folders.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
        exclude: [...NOT_UNIT_TESTS.map((folder) => `${folder}**`), 'node_modules/**', ...isolated, ...dom],
        isolate: false,
        sequence: { groupOrder: 2 },
      },
    },
  ]
}
