/**
 * The packed types, compiled in a consumer project under each module resolution a TypeScript user may have:
 * every entry resolves, nothing is silently `any` (apps/typecheck.ts checks that), and no error.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, inject, it } from 'vitest'
import { ROOT, run } from './pack-kit'

const consumer = inject('consumer')
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc')

it.each([
  { module: 'ESNext', moduleResolution: 'Bundler' },
  { module: 'Node16', moduleResolution: 'Node16' },
  { module: 'NodeNext', moduleResolution: 'NodeNext' },
])('compiles under moduleResolution $moduleResolution', ({ module, moduleResolution }) => {
  const config = join(consumer, `tsconfig.${moduleResolution.toLowerCase()}.json`)
  const compilerOptions = {
    module,
    moduleResolution,
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    jsx: 'react-jsx',
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    types: ['node'],
  }
  writeFileSync(config, JSON.stringify({ compilerOptions, files: ['apps/typecheck.ts'] }))
  // `tsc` exits non-zero on any error; `run` then throws with its output
  expect(run(process.execPath, [TSC, '-p', config], consumer)).toBe('')
})
