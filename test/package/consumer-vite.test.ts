/**
 * Small Vite apps built against the packed tarball, as a React team would install it: what each one ships, and the
 * sizes (min+gz, React external) against SIZE_CEILINGS. `npm run bench -- size` prints them beside the budgets.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { buildApp, SIZE_CEILINGS, SIZED_APPS, type BuiltChunk } from './build-app'

const consumer = inject('consumer')
const app = (name: string) => join(consumer, 'apps', name)

// Markers that only one part of the kit writes: every component renders `data-agentscope`, and only the
// highlighter chunk names the `as-md-tok-*` token classes.
const COMPONENT_CODE = 'data-agentscope'
const HIGHLIGHTER_CODE = 'as-md-tok-'
// Classes only the lazy parts of `<AgentChat>` render (chat-parts.tsx): the tool card's toggle, the batch bar, the
// lightbox, the thinking card's body, the usage details, the stall notice, the turn's actions, a subagent's question.
const LAZY_PART_CODE = [
  'as-tool-toggle',
  'as-batch-title',
  'as-lightbox-close',
  'as-thinking-body',
  'as-usage',
  'as-stall',
  'as-turn-actions',
  'as-lane-confirmation',
]
// Any CJK ideograph: only the Simplified Chinese strings have them.
const CHINESE_TEXT = /[\u4e00-\u9fff]/
const contains = (chunks: readonly BuiltChunk[], marker: string) => chunks.some((chunk) => chunk.code.includes(marker))
const externals = (chunks: readonly BuiltChunk[]) => [...new Set(chunks.flatMap((chunk) => chunk.externalImports))].sort()

describe('a consumer of agentscope-react/core', () => {
  it('gets no React and no component code, within its size ceiling', async () => {
    const built = await buildApp(consumer, app(SIZED_APPS.core))
    expect(externals([...built.initial, ...built.lazy])).toEqual([])
    expect(contains(built.initial, COMPONENT_CODE)).toBe(false)
    expect(built.lazy).toEqual([])
    expect(built.initialGzipBytes).toBeLessThanOrEqual(SIZE_CEILINGS.core)
  })
})

describe('a consumer of the store and hooks only', () => {
  it('gets no component code and no highlighter, within its size ceiling', async () => {
    const built = await buildApp(consumer, app(SIZED_APPS.hooks))
    expect(externals(built.initial)).toEqual(['react', 'react-dom/client', 'react/jsx-runtime'])
    expect(contains(built.initial, COMPONENT_CODE)).toBe(false)
    expect(built.lazy).toEqual([])
    expect(built.initialGzipBytes).toBeLessThanOrEqual(SIZE_CEILINGS.hooks)
  })
})

describe('a consumer of <AgentChat>', () => {
  it('loads the highlighter only as a lazy chunk, and stays within its size ceiling', async () => {
    const built = await buildApp(consumer, app(SIZED_APPS.agentChat))
    expect(contains(built.initial, COMPONENT_CODE)).toBe(true)
    expect(contains(built.initial, HIGHLIGHTER_CODE)).toBe(false)
    expect(contains(built.lazy, HIGHLIGHTER_CODE)).toBe(true)
    expect(built.initialGzipBytes).toBeLessThanOrEqual(SIZE_CEILINGS.agentChat)
  })

  it('ships no Simplified Chinese strings to an app that does not import them', async () => {
    const built = await buildApp(consumer, app(SIZED_APPS.agentChat))
    expect(built.initial.some((chunk) => CHINESE_TEXT.test(chunk.code))).toBe(false)
  })

  it('loads the tool card, media, the batch bar and the parts a finished turn adds as lazy chunks', async () => {
    const built = await buildApp(consumer, app(SIZED_APPS.agentChat))
    for (const marker of LAZY_PART_CODE) {
      expect(contains(built.initial, marker), marker).toBe(false)
      expect(contains(built.lazy, marker), marker).toBe(true)
    }
  })

  it('gets the stylesheet within its size ceiling', async () => {
    const built = await buildApp(consumer, app(SIZED_APPS.agentChat))
    expect(built.css).toHaveLength(1)
    expect(built.css[0]?.gzipBytes).toBeLessThanOrEqual(SIZE_CEILINGS.css)
  })
})

describe('the installed package', () => {
  const installed = join(consumer, 'node_modules')
  const files = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(folder, entry.name)) : [join(folder, entry.name)],
    )

  it('brings no Vite and nothing but its runtime dependencies into a production install', () => {
    expect(existsSync(join(installed, 'vite'))).toBe(false)
    const manifest = JSON.parse(readFileSync(join(installed, 'agentscope-react/package.json'), 'utf8')) as Record<string, unknown>
    expect(Object.keys(manifest['peerDependencies'] as object).sort()).toEqual(['react', 'react-dom'])
  })

  it('ships no source maps and no declaration without its module', () => {
    const shipped = files(join(installed, 'agentscope-react/dist'))
    expect(shipped.filter((file) => file.endsWith('.map'))).toEqual([])
    // a declaration either has its JavaScript beside it, or declares types only (no `declare function|const|class`)
    const orphans = shipped
      .filter((file) => file.endsWith('.d.ts'))
      .filter((file) => !existsSync(file.replace('/dist/types/', '/dist/').replace(/\.d\.ts$/, '.js')))
      .filter((file) => /\bdeclare (function|const|class|let|var)\b/.test(readFileSync(file, 'utf8')))
    expect(orphans).toEqual([])
  })

  it('marks the React entry, and only it, as a client module', () => {
    const dist = join(installed, 'agentscope-react/dist')
    expect(readFileSync(join(dist, 'index.js'), 'utf8')).toMatch(/^['"]use client['"]/)
    expect(readFileSync(join(dist, 'core.js'), 'utf8')).not.toMatch(/use client/)
    expect(readFileSync(join(dist, 'testing.js'), 'utf8')).not.toMatch(/use client/)
  })
})
