import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, it } from 'vitest'

const ENTRIES = ['index', 'core', 'testing'] as const
const source = (name: string) => fileURLToPath(new URL(`../../src/${name}.ts`, import.meta.url))

// What each entry exports, name → the declaration it stands for (aliases followed to the original).
function exportsOf(): Record<string, Map<string, ts.Declaration | undefined>> {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    // Which declaration a name stands for needs our modules only: without the standard library and the packages'
    // types (React, Mermaid's d3, refractor's ~300 grammars…) the program reads 168 files instead of ~500, in a
    // quarter of the time, and the entries export the same names.
    noLib: true,
  }
  const host = ts.createCompilerHost(options)
  host.fileExists = (file) => !file.includes('/node_modules/') && ts.sys.fileExists(file)
  const program = ts.createProgram(ENTRIES.map(source), options, host)
  const checker = program.getTypeChecker()
  const result: Record<string, Map<string, ts.Declaration | undefined>> = {}
  for (const entry of ENTRIES) {
    const file = program.getSourceFile(source(entry))
    const module = file === undefined ? undefined : checker.getSymbolAtLocation(file)
    const names = new Map<string, ts.Declaration | undefined>()
    for (const symbol of module === undefined ? [] : checker.getExportsOfModule(module)) {
      const original = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      names.set(symbol.name, original.declarations?.[0])
    }
    result[entry] = names
  }
  return result
}

it('gives no name two meanings across the entries, and keeps internal contexts out (#12)', { timeout: 60_000 }, () => {
  const entries = exportsOf()
  const collisions: string[] = []
  for (const [index, first] of ENTRIES.entries()) {
    for (const second of ENTRIES.slice(index + 1)) {
      for (const [name, declaration] of entries[first] ?? []) {
        const other = entries[second]?.get(name)
        if (other !== undefined && other !== declaration) collisions.push(`${name} (${first} and ${second})`)
      }
    }
  }
  expect(collisions).toEqual([])
  expect(entries.index?.size).toBeGreaterThan(100)
  expect([...(entries.index?.keys() ?? [])].filter((name) => name === 'AgentStoreContext' || name === 'AgentPartsContext')).toEqual([])
  // Every component the React entry exports has its props type beside it.
  const index = entries.index ?? new Map()
  const missingProps = [...index.keys()].filter(
    (name) =>
      /^[A-Z]/.test(name) && /(View|Card|Tray|Banner|Notice|List|Composer|Badge|Chat|Provider|Markdown)$/.test(name) && !index.has(`${name}Props`),
  )
  expect(missingProps).toEqual([])
})
