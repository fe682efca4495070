/**
 * Summaries of Chromium CPU profiles (CDP `Profiler.stop`) taken on the bench page: self and total share of the
 * samples per function, mapped back through the build's source maps to `src/…:line`, and per part of the page.
 *
 * Shares count samples rather than weighting them by the time to the next sample (as DevTools does): on a
 * loaded machine the sampler thread starves, and more than half of the time can sit in gaps of several
 * milliseconds that time-weighting would pin on whichever function happened to run before each gap.
 */
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The subset of a CDP `Profiler.Profile` the summary reads. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number; readonly columnNumber: number }
    readonly children?: readonly number[]
  }[]
  readonly startTime: number
  readonly endTime: number
  readonly samples?: readonly number[]
  readonly timeDeltas?: readonly number[]
}

/** One function's share of the busy samples, in percent. */
export interface HotSpot {
  /** `name  file:line`, with the original name and position when the source map knows them. */
  readonly location: string
  readonly part: string
  /** Samples with this function on top, and with it anywhere on the stack. */
  readonly selfPercent: number
  readonly totalPercent: number
}

/** What `summarizeProfiles` finds over all the profiles given. */
export interface ProfileSummary {
  readonly profiles: number
  /** Samples that were not idle. */
  readonly busySamples: number
  /** The share of the profiled time in gaps longer than four sampling intervals (the sampler was starved). */
  readonly gapPercent: number
  readonly topSelf: readonly HotSpot[]
  /** The kit's own functions by total (inclusive) share. */
  readonly topKitTotal: readonly HotSpot[]
  /** Self share per part: the kit's folders, react-dom, the highlighter, GC, native work ("(program)": style, layout, paint). */
  readonly selfByPart: readonly { readonly part: string; readonly percent: number }[]
}

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const VLQ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** A decoded source map: per generated line, segments [column, source, line, column, name?], in column order. */
interface SourceMap {
  readonly sources: readonly string[]
  readonly names: readonly string[]
  readonly contents: readonly (string | null)[]
  readonly lines: readonly (readonly number[][])[]
}

function decodeMappings(mappings: string): number[][][] {
  const lines: number[][][] = []
  const state = [0, 0, 0, 0, 0]
  for (const lineText of mappings.split(';')) {
    const segments: number[][] = []
    state[0] = 0
    for (const segmentText of lineText.split(',')) {
      if (segmentText === '') continue
      const fields: number[] = []
      let value = 0
      let shift = 0
      for (const character of segmentText) {
        const digit = VLQ.indexOf(character)
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      const segment = fields.map((field, index) => (state[index] = (state[index] as number) + field))
      segments.push(segment)
    }
    lines.push(segments)
  }
  return lines
}

function loadSourceMap(file: string): SourceMap | null {
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as {
      sources: string[]
      names?: string[]
      sourcesContent?: (string | null)[]
      mappings: string
      sourceRoot?: string
    }
    const sources = raw.sources.map((source) => relative(PROJECT_ROOT, resolve(dirname(file), raw.sourceRoot ?? '', source)))
    return { sources, names: raw.names ?? [], contents: raw.sourcesContent ?? [], lines: decodeMappings(raw.mappings) }
  } catch {
    return null
  }
}

// The segment at or before (line, column) of the generated code.
function lookup(map: SourceMap, line: number, column: number): number[] | null {
  const segments = map.lines[line]
  if (segments === undefined) return null
  let found: number[] | null = null
  for (const segment of segments) {
    if ((segment[0] as number) > column) break
    if (segment.length >= 4) found = segment
  }
  return found
}

// A readable name for the function that starts on `text`: `function x`, `x(`, `x =`, `x:` — else null.
function nameOnLine(text: string, column: number): string | null {
  const rest = text.slice(column)
  const declared = /^(?:async\s+)?function\s*\*?\s*([\w$]+)/.exec(rest) ?? /^([\w$]+)\s*(?:\(|=|:)/.exec(rest)
  if (declared) return declared[1] as string
  const before = text.slice(0, column)
  const assigned = /([\w$]+)\s*(?:=|:)\s*(?:async\s*)?(?:function\s*)?$/.exec(before)
  return assigned ? (assigned[1] as string) : null
}

function partOf(file: string, functionName: string): string {
  if (file === '') {
    if (functionName.startsWith('(')) return functionName
    return 'native / builtins'
  }
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)
  if (packageMatch) {
    const name = packageMatch[1] as string
    return name === 'refractor' ? 'highlighter (refractor)' : name
  }
  const kitMatch = /^src\/(?:components\/markdown|[^/]+)/.exec(file)
  if (kitMatch) return kitMatch[0]
  if (file.startsWith('bench/')) return 'bench page'
  // An unmapped page script, by its chunk name without the hash (rolldown-runtime: the CJS interop helpers).
  return file.replace(/-[\w-]{8}\.js$/, '.js')
}

/** A profile node as the summary names it. */
interface Frame {
  readonly key: string
  readonly part: string
  readonly idle: boolean
}

// Names each node `name  file:line`, through the source map of its script when there is one.
function describeNodes(profile: CpuProfile, mapFor: (url: string) => SourceMap | null): Map<number, Frame> {
  const frames = new Map<number, Frame>()
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame
    let key = functionName || '(anonymous)'
    let file = ''
    const map = url === '' ? null : mapFor(url)
    const segment = map === null ? null : lookup(map, lineNumber, columnNumber)
    if (map !== null && segment !== null) {
      const sourceIndex = segment[1] as number
      file = map.sources[sourceIndex] ?? ''
      const sourceLine = segment[2] as number
      const text = map.contents[sourceIndex]?.split('\n')[sourceLine] ?? ''
      const mapped = segment.length >= 5 ? map.names[segment[4] as number] : undefined
      const name = nameOnLine(text, segment[3] as number) ?? mapped ?? (functionName || '(anonymous)')
      key = `${name}  ${file}:${sourceLine + 1}`
    } else if (url !== '') {
      file = url.replace(/^.*\//, '')
      key = `${key}  ${file}:${lineNumber + 1}`
    }
    frames.set(node.id, { key, part: partOf(file, functionName), idle: functionName === '(idle)' })
  }
  return frames
}

/**
 * Summarises profiles of the same page taken every `intervalMicros`, mapping its scripts through the `.map`
 * files in `directory` (the build output). Each busy sample counts once (see the file comment).
 */
export function summarizeProfiles(profiles: readonly CpuProfile[], directory: string, intervalMicros: number, top = 20): ProfileSummary {
  const maps = new Map<string, SourceMap | null>()
  const mapFor = (url: string): SourceMap | null => {
    const path = url.replace(/^https?:\/\/[^/]+\//, '')
    if (!maps.has(path)) maps.set(path, path.endsWith('.js') ? loadSourceMap(join(directory, `${path}.map`)) : null)
    return maps.get(path) ?? null
  }
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  const byPart = new Map<string, number>()
  const partOfKey = new Map<string, string>()
  let busy = 0
  let profiledMicros = 0
  let gapMicros = 0
  for (const profile of profiles) {
    const frames = describeNodes(profile, mapFor)
    const parent = new Map<number, number>()
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
    const samples = profile.samples ?? []
    for (const delta of (profile.timeDeltas ?? []).slice(1)) {
      profiledMicros += delta
      gapMicros += Math.max(0, delta - 4 * intervalMicros)
    }
    for (const sample of samples) {
      const leaf = frames.get(sample)
      if (leaf === undefined || leaf.idle) continue
      busy++
      self.set(leaf.key, (self.get(leaf.key) ?? 0) + 1)
      byPart.set(leaf.part, (byPart.get(leaf.part) ?? 0) + 1)
      // Total time counts each function once per sample, however often it recurses.
      const seen = new Set<string>()
      for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
        const frame = frames.get(id)
        if (frame === undefined || seen.has(frame.key)) continue
        seen.add(frame.key)
        partOfKey.set(frame.key, frame.part)
        total.set(frame.key, (total.get(frame.key) ?? 0) + 1)
      }
    }
  }
  const percent = (count: number) => (100 * count) / Math.max(1, busy)
  const spot = (key: string): HotSpot => ({
    location: key,
    part: partOfKey.get(key) ?? '',
    selfPercent: percent(self.get(key) ?? 0),
    totalPercent: percent(total.get(key) ?? 0),
  })
  const byTime = (times: Map<string, number>) => (left: string, right: string) => (times.get(right) ?? 0) - (times.get(left) ?? 0)
  return {
    profiles: profiles.length,
    busySamples: busy,
    gapPercent: (100 * gapMicros) / Math.max(1, profiledMicros),
    topSelf: [...self.keys()].sort(byTime(self)).slice(0, top).map(spot),
    topKitTotal: [...total.keys()]
      .filter((key) => (partOfKey.get(key) ?? '').startsWith('src/'))
      .sort(byTime(total))
      .slice(0, top)
      .map(spot),
    selfByPart: [...byPart].map(([part, count]) => ({ part, percent: percent(count) })).sort((left, right) => right.percent - left.percent),
  }
}
