import type { LinkDefinition } from './inline-parser'
import type { TableAlign } from './types'

/** Containers nested deeper than this are shown as text, so hostile input can't exhaust the stack. */
export const MAX_NESTING = 32

const BLANK = /^[ \t]*$/
// A last line that could still turn into something else (`-` → `---`, `1` → `1. `, `# ` → `# Title`,
// `- [x` → a task, `=` → a setext underline): it is held back for the next delta instead of flashing as text
const AMBIGUOUS_TAIL =
  /^(?:[-+*_]{1,2}|[-*_] [-*_] ?|\*\*\*|#{1,6}[ \t]*|\d{1,9}[.)]?|`{1,2}|~{1,2}|=+[ \t]*|\$\$?|(?:[-+*]|\d{1,9}[.)])[ \t]+\[[ xX]?)$/

/** True for an empty or whitespace-only line. */
export function isBlank(line: string): boolean {
  return BLANK.test(line)
}

/** True for a partial last line that is held back: blank, or a prefix of several constructs. */
export function isAmbiguousTail(line: string): boolean {
  return isBlank(line) || AMBIGUOUS_TAIL.test(line.replace(/^[ \t>]*/, ''))
}

/** The kinds of block the parser builds before inline parsing. */
export type TreeKind = 'document' | 'blockquote' | 'list' | 'item' | 'paragraph' | 'heading' | 'thematicBreak' | 'code' | 'table'

/** A list's marker, as CommonMark reads it. */
export interface ListData {
  readonly ordered: boolean
  /** The bullet character, or the ordered delimiter (`.` or `)`). */
  readonly symbol: string
  readonly start: number
  /** Column of the marker, and the width from it to the content. */
  readonly markerOffset: number
  readonly padding: number
}

/** A block under construction. */
export interface TreeBlock {
  readonly kind: TreeKind
  parent: TreeBlock | undefined
  readonly children: TreeBlock[]
  open: boolean
  /** Still open when the text ran out (the live tail). */
  live: boolean
  readonly startLine: number
  endLine: number
  lastLineBlank: boolean
  /** Containers (quotes, items) around this block. */
  readonly depth: number
  /** Content lines (paragraphs, code) as read. */
  readonly lines: string[]
  level: 1 | 2 | 3 | 4 | 5 | 6
  list: ListData | undefined
  fence: { readonly char: string; readonly length: number; readonly offset: number } | undefined
  fenceClosed: boolean
  info: string
  table: { readonly align: TableAlign[]; readonly head: string[]; readonly rows: string[][] } | undefined
  /** The line a heading or table header was read from, when it is the partial last line. */
  partialLine: boolean
  /** Reference definitions this paragraph held, in order. */
  definitions: [string, LinkDefinition][]
}

/** A new, open block. */
export function createBlock(kind: TreeKind, parent: TreeBlock | undefined, startLine: number): TreeBlock {
  const depth = parent === undefined ? 0 : parent.depth + (kind === 'blockquote' || kind === 'item' ? 1 : 0)
  return {
    kind,
    parent,
    children: [],
    open: true,
    live: false,
    startLine,
    endLine: startLine,
    lastLineBlank: false,
    depth,
    lines: [],
    level: 1,
    list: undefined,
    fence: undefined,
    fenceClosed: false,
    info: '',
    table: undefined,
    partialLine: false,
    definitions: [],
  }
}

/**
 * A position in the current line, in characters and in columns (a tab advances to the next multiple of 4).
 * Follows the reference implementation's model, partially consumed tabs included.
 */
export class LineCursor {
  line = ''
  offset = 0
  column = 0
  nextNonspace = 0
  nextNonspaceColumn = 0
  indent = 0
  indented = false
  blank = false
  partiallyConsumedTab = false
  /** The line has no newline yet (the live end of a stream). */
  partial = false

  reset(line: string, partial: boolean): void {
    this.line = line
    this.offset = 0
    this.column = 0
    this.partiallyConsumedTab = false
    this.partial = partial
  }

  findNextNonspace(): void {
    let index = this.offset
    let columns = this.column
    for (;;) {
      const char = this.line[index]
      if (char === ' ') {
        index++
        columns++
      } else if (char === '\t') {
        index++
        columns += 4 - (columns % 4)
      } else break
    }
    this.blank = index >= this.line.length
    this.nextNonspace = index
    this.nextNonspaceColumn = columns
    this.indent = columns - this.column
    this.indented = this.indent >= 4
  }

  advanceNextNonspace(): void {
    this.offset = this.nextNonspace
    this.column = this.nextNonspaceColumn
    this.partiallyConsumedTab = false
  }

  /** Moves `count` characters, or `count` columns when `columns` is set (splitting a tab if needed). */
  advanceOffset(count: number, columns: boolean): void {
    let left = count
    while (left > 0 && this.offset < this.line.length) {
      if (this.line[this.offset] === '\t') {
        const toTab = 4 - (this.column % 4)
        if (columns) {
          this.partiallyConsumedTab = toTab > left
          const advance = toTab > left ? left : toTab
          this.column += advance
          if (!this.partiallyConsumedTab) this.offset++
          left -= advance
        } else {
          this.partiallyConsumedTab = false
          this.column += toTab
          this.offset++
          left--
        }
      } else {
        this.partiallyConsumedTab = false
        this.offset++
        this.column++
        left--
      }
    }
  }

  /** The rest of the line from the cursor, a partially consumed tab expanded to its remaining columns. */
  rest(): string {
    if (!this.partiallyConsumedTab) return this.line.slice(this.offset)
    return ' '.repeat(4 - (this.column % 4)) + this.line.slice(this.offset + 1)
  }

  peek(at: number = this.nextNonspace): string {
    return this.line[at] ?? ''
  }
}
