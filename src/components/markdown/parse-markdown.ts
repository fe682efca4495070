import { scanBlocks } from './block-parser'
import type { MarkdownBlock, ParseOptions } from './types'

/** What `parseMarkdownIncremental` keeps between calls: the text it parsed and the blocks it found. */
export interface MarkdownParseState {
  readonly text: string
  readonly streaming: boolean
  readonly blocks: readonly MarkdownBlock[]
}

/**
 * Splits markdown into top-level blocks and parses each one.
 * @example parseMarkdownBlocks('# Hi\n\nSome **bold', { streaming: true }).map((block) => block.node.type) // ['heading', 'paragraph']
 */
export function parseMarkdownBlocks(text: string, options: ParseOptions): MarkdownBlock[] {
  return [...parseMarkdownIncremental(undefined, text, options).blocks]
}

/**
 * Index of the first block to re-parse when the text grows. Block k's start is final once its first line and
 * the next one are complete: every decision about where a block ends looks at most one line past that line
 * (a table needs its delimiter row), and a partial last line is the only one ever held back.
 */
function firstUnstableBlock(state: MarkdownParseState): number {
  for (let index = state.blocks.length - 1; index > 0; index--) {
    const start = state.blocks[index]?.start ?? 0
    const firstNewline = state.text.indexOf('\n', start)
    if (firstNewline !== -1 && state.text.indexOf('\n', firstNewline + 1) !== -1) return index
  }
  return 0
}

/**
 * Parses `text`, reusing `previous` when `text` extends it: only the blocks from the first unstable one on
 * are parsed again, so a delta costs O(size of the last blocks), not O(text). Blocks that come out unchanged
 * keep their object identity, so memoized renderers skip them. Any other text is parsed in full.
 */
export function parseMarkdownIncremental(
  previous: MarkdownParseState | undefined, text: string, options: ParseOptions,
): MarkdownParseState {
  const { streaming } = options
  if (previous && previous.text === text && previous.streaming === streaming) return previous
  // `slice(…) ===` is a native block comparison, several times faster than `startsWith` on long strings
  const extends_ = previous !== undefined && text.length >= previous.text.length &&
    text.slice(0, previous.text.length) === previous.text
  const kept = previous && extends_ ? firstUnstableBlock(previous) : 0
  const from = kept === 0 ? 0 : previous?.blocks[kept]?.start ?? 0
  const tail = from === 0 ? text : text.slice(from)
  const rawLines = tail.split('\n')
  if (rawLines[rawLines.length - 1] === '') rawLines.pop()
  const lineStarts: number[] = []
  let offset = from
  for (const line of rawLines) {
    lineStarts.push(offset)
    offset += line.length + 1
  }
  const lines = rawLines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
  const segments = scanBlocks(lines, { openEnd: streaming, partialLast: streaming && !text.endsWith('\n') })
  const blocks: MarkdownBlock[] = previous && kept > 0 ? previous.blocks.slice(0, kept) : []
  for (const segment of segments) {
    const index = blocks.length
    const start = lineStarts[segment.from] ?? from
    const end = (lineStarts[segment.to - 1] ?? start) + (lines[segment.to - 1] ?? '').length
    const source = text.slice(start, end)
    const open = streaming && segment.open
    const old = previous?.blocks[index]
    // the same source parsed the same way gives the same node: keep the old object for memo. The character
    // after the block counts too: a last line that just got its newline is complete (a fence gets its language)
    const same = old !== undefined && old.start === start && old.open === open && old.source === source &&
      previous?.text.charAt(end) === text.charAt(end)
    if (old && same) blocks.push(old)
    else blocks.push({ key: `${index}:${start}`, start, end, source, open, node: segment.node })
  }
  return { text, streaming, blocks }
}
