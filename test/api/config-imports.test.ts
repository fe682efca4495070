// The vitest and Vite configs load without Vite's warning that a config "uses features that are unsupported by
// configLoader: 'native'" (#9, quiet commands): every module they load at run time is named with its extension.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { expect, it } from 'vitest'

const CONFIGS = [
  'vite.config.ts',
  ...readdirSync('test', { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() && existsSync(join('test', entry.name, 'vitest.config.ts')) ? [`test/${entry.name}/vitest.config.ts`] : [],
  ),
]

// `import … from './x'` and `export … from './x'`, but not `import type` (erased before the loader sees it)
const RELATIVE_IMPORT = /^(?:import|export)(?!\s+type\b)[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm

function extensionless(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return []
  seen.add(file)
  const found: string[] = []
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
    if (!/\.[cm]?[jt]sx?$/.test(specifier!)) found.push(`${file} imports ${specifier}`)
    else found.push(...extensionless(relative('.', join(dirname(file), specifier!)), seen))
  }
  return found
}

it('names the extension of every module a config loads at run time, transitively', () => {
  expect(CONFIGS).toContain('test/react18/vitest.config.ts')
  expect(CONFIGS.flatMap((config) => extensionless(config))).toEqual([])
})
