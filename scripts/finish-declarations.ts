/**
 * After `tsc -p tsconfig.build.json`: gives every relative import in dist/types a `.js` specifier, so the types
 * resolve under `moduleResolution: node16/nodenext` (where an extensionless specifier silently makes them `any`)
 * as well as `bundler`, and removes any declaration no entry reaches. The sources keep their extensionless imports.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const TYPES = resolve(import.meta.dirname, '../dist/types')
const ENTRIES = ['index.d.ts', 'core.d.ts', 'testing.d.ts', 'inspector.d.ts']
// `from './x'`, `import './x'`, `import('./x')`, and tsc's `import(".")` for a folder's index: relative specifiers only
const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}(?:\/[^'"]*)?)\2/g

function declarationFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return declarationFiles(path)
    return entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** The `.js` specifier for `specifier` seen from `file`, and the declaration file it names. */
function resolveSpecifier(file: string, specifier: string): { specifier: string; target: string } {
  const base = resolve(dirname(file), specifier.replace(/\.js$/, ''))
  if (existsSync(`${base}.d.ts`)) return { specifier: specifier.endsWith('.js') ? specifier : `${specifier}.js`, target: `${base}.d.ts` }
  if (existsSync(join(base, 'index.d.ts'))) return { specifier: `${specifier.replace(/\/$/, '')}/index.js`, target: join(base, 'index.d.ts') }
  throw new Error(`${relative(TYPES, file)}: cannot resolve "${specifier}" to a declaration file`)
}

const edges = new Map<string, string[]>()
for (const file of declarationFiles(TYPES)) {
  const targets: string[] = []
  const text = readFileSync(file, 'utf8').replace(SPECIFIER, (_match, lead: string, quote: string, specifier: string) => {
    const resolved = resolveSpecifier(file, specifier)
    targets.push(resolved.target)
    return `${lead}${quote}${resolved.specifier}${quote}`
  })
  writeFileSync(file, text)
  edges.set(file, targets)
}

const reached = new Set<string>()
const pending = ENTRIES.map((entry) => join(TYPES, entry))
for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
  if (reached.has(file)) continue
  if (!edges.has(file)) throw new Error(`Missing declaration ${relative(TYPES, file)}`)
  reached.add(file)
  pending.push(...(edges.get(file) ?? []))
}
const unreached = [...edges.keys()].filter((file) => !reached.has(file))
for (const file of unreached) rmSync(file)
