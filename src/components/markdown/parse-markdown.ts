import { buildBlock, definitionsIn, newBuildCache, type BuildCache } from './block-build'
import type { TreeBlock } from './block-lines'
import { BlockReader } from './block-reader'
import type { LinkDefinition } from './inline-parser'
import type { MarkdownBlock, ParseOptions } from './types'

/** A top-level block of the last parse, shown or not (a paragraph of definitions shows nothing). */
interface Segment {
  readonly start: number
  /** Its first two lines are complete, so its start can't move any more, and a parse from there reads it alike. */
  readonly restartable: boolean
  /** Kept only when a reference looked up a label: a later definition may need it parsed again. */
  readonly tree: TreeBlock | undefined
  readonly block: MarkdownBlock | undefined
  readonly definitions: DefinitionList
  /** The labels its references looked up, and what they found. */
  readonly lookups: ReadonlyMap<string, LinkDefinition | undefined>
}

/** What `parseMarkdownIncremental` keeps between calls: the text it parsed and the blocks it found. */
export interface MarkdownParseState {
  readonly text: string
  readonly streaming: boolean
  readonly blocks: readonly MarkdownBlock[]
  /** The parse's top-level segments (internal). */
  readonly segments: readonly Segment[]
  /** The link reference definitions in force (internal). */
  readonly definitions: ReadonlyMap<string, LinkDefinition>
  /** Which segments (by start offset) looked up a label: kept blocks a new definition must re-parse (internal). */
  readonly referrers: Map<string, number[]>
  /** The options it was parsed with (internal). */
  readonly options: ParseOptions
  /** The inline parses of the last block's leaves, for the next parse of the same block (internal). */
  readonly inline: LastBlockInlines | undefined
  /** The block phase of the unstable tail, to read on from at the next parse (internal). */
  readonly reader: BlockReader
}

interface LastBlockInlines {
  readonly start: number
  readonly definitions: ReadonlyMap<string, LinkDefinition>
  readonly cache: BuildCache
}

const EMPTY_DEFINITIONS: ReadonlyMap<string, LinkDefinition> = new Map()

/**
 * Splits markdown into top-level blocks and parses each one.
 * @example parseMarkdownBlocks('# Hi\n\nSome **bold', { streaming: true }).map((block) => block.node.type) // ['heading', 'paragraph']
 */
export function parseMarkdownBlocks(text: string, options: ParseOptions): MarkdownBlock[] {
  return [...parseMarkdownIncremental(undefined, text, options).blocks]
}

/**
 * Index of the first segment to parse again when the text grows. A segment's start is final once its first
 * line and the next are complete: the block before it was closed by a complete line (CommonMark decides where
 * a block ends without looking past the line that ends it), and a table's delimiter row, the one line that
 * can split a paragraph after the fact, is complete too. A partial last line is the only one ever held back.
 * A table split off the paragraph above it is no place to start again: its header line was read as that
 * paragraph's text, and on its own it may start something else.
 */
function firstUnstableSegment(state: MarkdownParseState): number {
  for (let index = state.segments.length - 1; index > 0; index--) {
    if (state.segments[index]?.restartable) return index
  }
  return 0
}

function sameDefinition(a: LinkDefinition | undefined, b: LinkDefinition | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.url === b.url && a.title === b.title)
}

type DefinitionList = readonly (readonly [string, LinkDefinition])[]

/** `base` plus the definitions of `lists` in order: the first of each label wins. */
function withDefinitions(base: ReadonlyMap<string, LinkDefinition>, lists: readonly DefinitionList[]): ReadonlyMap<string, LinkDefinition> {
  let map: Map<string, LinkDefinition> | undefined
  for (const list of lists) {
    for (const [label, definition] of list) {
      if (base.has(label) || map?.has(label)) continue
      map ??= new Map(base)
      map.set(label, definition)
    }
  }
  return map ?? base
}

/**
 * Parses `text`, reusing `previous` when `text` extends it: only the blocks from the first unstable one on
 * are parsed again, so a delta costs O(size of the last blocks), not O(text). Blocks that come out unchanged
 * keep their object identity, so memoized renderers skip them. Any other text is parsed in full. A kept
 * block is parsed again only when a new definition gives one of its references a target.
 */
export function parseMarkdownIncremental(previous: MarkdownParseState | undefined, text: string, options: ParseOptions): MarkdownParseState {
  const { streaming } = options
  if (previous && previous.text === text && previous.streaming === streaming) return previous
  // a change of options is a new document
  if (previous && (previous.options.extendedAutolinks !== options.extendedAutolinks || previous.options.math !== options.math))
    return parseMarkdownIncremental(undefined, text, options)
  // `slice(…) ===` is a native block comparison, several times faster than `startsWith` on long strings
  const extendsPrevious = previous !== undefined && text.length >= previous.text.length && text.slice(0, previous.text.length) === previous.text
  const kept = previous && extendsPrevious ? firstUnstableSegment(previous) : 0
  const from = kept === 0 ? 0 : (previous?.segments[kept]?.start ?? 0)
  const referrers = kept > 0 && previous ? previous.referrers : new Map<string, number[]>()

  // block phase over the tail: the lines read by the last parse from the same offset are not read again
  const reader = BlockReader.resume(previous?.reader, text, from, options.math !== false, extendsPrevious ? previous.text : undefined)
  const read = reader.readBlocks(text, streaming && !text.endsWith('\n'))
  const trees = read.trees

  // definitions: those of the kept segments, then those of the new ones
  const keptSegments = previous && kept > 0 ? previous.segments.slice(0, kept) : []
  const base = kept > 0 && previous ? prefixDefinitions(previous, kept) : EMPTY_DEFINITIONS
  const drafts = trees.map((tree) => ({ tree, definitions: definitionsIn(tree) }))
  // a live last block's definitions don't count yet: `[a]: https://exa` is still being written
  const counted = drafts.slice(0, streaming ? -1 : undefined).map((draft) => draft.definitions)
  const definitions = withDefinitions(base, counted)
  const changed = previous && kept > 0 ? changedLabels(previous.definitions, definitions, previous, kept, drafts) : []

  const segments: Segment[] = [...keptSegments]
  const blocks: MarkdownBlock[] = []
  for (const segment of keptSegments) if (segment.block) blocks.push(segment.block)
  if (changed.length > 0) reparseReferrers(segments, blocks, changed, referrers, definitions, options)

  let inline: LastBlockInlines | undefined
  for (const [position, { tree, definitions: own }] of drafts.entries()) {
    const startLine = tree.startLine
    const endLine = tree.endLine
    const start = read.lineStart(startLine) ?? from
    const end = (read.lineStart(endLine) ?? start) + read.lineLength(endLine)
    const source = text.slice(start, end)
    const open = streaming && tree.live
    const index = blocks.length
    const oldSegment = previous?.segments[segments.length]
    const old = oldSegment?.block
    // the same source parsed the same way gives the same node: keep the old object for memo. The character
    // after the block counts too: a last line that just got its newline is complete (a fence gets its language).
    // A live block is never reused: which of its parts are still live depends on what follows it
    const reusable =
      oldSegment !== undefined &&
      old !== undefined &&
      oldSegment.start === start &&
      old.key === `${index}:${start}` &&
      !open &&
      !old.open &&
      old.source === source &&
      previous?.text.charAt(end) === text.charAt(end) &&
      [...oldSegment.lookups].every(([label, found]) => sameDefinition(definitions.get(label), found))
    const firstNewline = text.indexOf('\n', start)
    // `a\n2) b | c\n--|--`: without the paragraph, `2) b | c` is a list item (`*` an empty one, `    b | c` code)
    const previousTree = trees[position - 1]
    const splitTable = tree.kind === 'table' && previousTree?.kind === 'paragraph' && previousTree.endLine === startLine - 1
    const restartable = !splitTable && firstNewline !== -1 && text.indexOf('\n', firstNewline + 1) !== -1
    if (reusable) {
      for (const label of oldSegment.lookups.keys()) remember(referrers, label, start)
      segments.push({ ...oldSegment, restartable, tree: oldSegment.lookups.size > 0 ? tree : undefined, definitions: own })
      blocks.push(old)
      continue
    }
    // the last block is the one that grows: its leaves' inline parses are kept for the next parse
    let cache: BuildCache | undefined
    if (position === drafts.length - 1) {
      const before = previous?.inline
      inline = before?.start === start && before.definitions === definitions ? before : { start, definitions, cache: newBuildCache() }
      cache = inline.cache
    }
    const { node, lookups } = buildTracked(tree, open, start, definitions, referrers, options, cache)
    const block = node === undefined ? undefined : { key: `${index}:${start}`, start, end, source, open, node }
    segments.push({ start, restartable, tree: lookups.size > 0 ? tree : undefined, block, definitions: own, lookups })
    if (block) blocks.push(block)
  }
  return { text, streaming, blocks, segments, definitions, referrers, options, inline, reader }
}

// Builds the block of the segment at `start`, noting each label it looks up (with the definition it found) so that a
// later change of that definition rebuilds it.
function buildTracked(
  tree: TreeBlock,
  streaming: boolean,
  start: number,
  definitions: ReadonlyMap<string, LinkDefinition>,
  referrers: Map<string, number[]>,
  options: ParseOptions,
  cache?: BuildCache,
): { node: ReturnType<typeof buildBlock>; lookups: Map<string, LinkDefinition | undefined> } {
  const lookups = new Map<string, LinkDefinition | undefined>()
  const node = buildBlock(tree, {
    streaming,
    cache,
    extendedAutolinks: options.extendedAutolinks,
    math: options.math,
    definitions,
    onLookup: (label) => {
      if (lookups.has(label)) return
      lookups.set(label, definitions.get(label))
      remember(referrers, label, start)
    },
  })
  return { node, lookups }
}

function remember(referrers: Map<string, number[]>, label: string, start: number): void {
  const list = referrers.get(label)
  if (list === undefined) referrers.set(label, [start])
  else if (list[list.length - 1] !== start) list.push(start)
}

/** The definitions of the first `kept` segments of `previous`, reusing its map when nothing after them defined any. */
function prefixDefinitions(previous: MarkdownParseState, kept: number): ReadonlyMap<string, LinkDefinition> {
  const segments = previous.segments
  let later = false
  for (let index = kept; index < segments.length && !later; index++) later = (segments[index]?.definitions.length ?? 0) > 0
  if (!later) return previous.definitions
  return withDefinitions(
    EMPTY_DEFINITIONS,
    segments.slice(0, kept).map((segment) => segment.definitions),
  )
}

function changedLabels(
  before: ReadonlyMap<string, LinkDefinition>,
  after: ReadonlyMap<string, LinkDefinition>,
  previous: MarkdownParseState,
  kept: number,
  drafts: readonly { definitions: readonly (readonly [string, LinkDefinition])[] }[],
): string[] {
  if (before === after) return []
  const candidates = new Set<string>()
  for (let index = kept; index < previous.segments.length; index++) {
    for (const [label] of previous.segments[index]?.definitions ?? []) candidates.add(label)
  }
  for (const draft of drafts) for (const [label] of draft.definitions) candidates.add(label)
  return [...candidates].filter((label) => !sameDefinition(before.get(label), after.get(label)))
}

/** Rebuilds the kept blocks whose references look up a label whose definition changed. */
function reparseReferrers(
  segments: Segment[],
  blocks: MarkdownBlock[],
  changed: readonly string[],
  referrers: Map<string, number[]>,
  definitions: ReadonlyMap<string, LinkDefinition>,
  options: ParseOptions,
): void {
  const redo = new Set<number>()
  for (const label of changed) {
    for (const start of referrers.get(label) ?? []) {
      const index = segmentAt(segments, start)
      if (index !== -1 && segments[index]?.lookups.has(label)) redo.add(index)
    }
  }
  for (const index of redo) {
    const segment = segments[index] as Segment
    if (segment.tree === undefined) continue
    const { node, lookups } = buildTracked(segment.tree, false, segment.start, definitions, referrers, options)
    const old = segment.block
    const block = node === undefined || old === undefined ? undefined : { ...old, node }
    segments[index] = { ...segment, block, lookups }
    if (old && block) blocks[blocks.indexOf(old)] = block
  }
}

function segmentAt(segments: readonly Segment[], start: number): number {
  let low = 0
  let high = segments.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const value = segments[middle]?.start ?? 0
    if (value === start) return middle
    if (value < start) low = middle + 1
    else high = middle - 1
  }
  return -1
}
