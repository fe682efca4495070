import { createBlock, isAmbiguousTail, LineCursor, type TreeBlock, type TreeKind } from './block-lines'
import { openBlock, type BlockStarter } from './block-starts'
import { endsWithPipe, MAX_TABLE_COLUMNS, splitRow } from './block-table'
import { takeDefinitions } from './link-definitions'
import { PARSE_WORK } from './parse-work'

const CLOSING_FENCE = /^(`{3,}|~{3,}|\$\$)[ \t]*$/
const PARTIAL_FENCE = /^(`+|~+|\$)[ \t]*$/

/** The result of continuing an open block on a new line. */
type Continuation = 'matched' | 'unmatched' | 'consumed' | 'held'

/**
 * CommonMark's block phase, one line at a time (the reference implementation's two-phase model): open
 * containers are matched against the line, new blocks are opened, the rest is added to the innermost leaf.
 * Iterative, so depth costs no stack; containers past `MAX_NESTING` are not opened.
 */
export class BlockParser implements BlockStarter {
  /** `$$` lines open TeX blocks. */
  readonly math: boolean

  readonly document: TreeBlock
  tip: TreeBlock
  readonly cursor = new LineCursor()
  lineNumber = -1
  private oldTip: TreeBlock
  private lastMatchedContainer: TreeBlock
  private allClosed = true

  constructor(math = true, document: TreeBlock = createBlock('document', undefined, 0)) {
    this.math = math
    this.document = document
    this.tip = document
    this.oldTip = document
    this.lastMatchedContainer = document
  }

  /**
   * A parser in the same state that shares this one's closed blocks and has copies of its open ones (the only
   * blocks a later line or `finish` changes): it can read a live last line and finish while this one reads on.
   * Costs the open blocks' own children and lines, not the document.
   */
  fork(): BlockParser {
    let tip: TreeBlock | undefined
    const copy = (block: TreeBlock, parent: TreeBlock | undefined): TreeBlock => {
      const table = block.table
      const copied: TreeBlock = {
        ...block,
        parent,
        children: [...block.children],
        lines: [...block.lines],
        table: table === undefined ? undefined : { ...table, rows: [...table.rows] },
      }
      if (block === this.tip) tip = copied
      return copied
    }
    const document = copy(this.document, undefined)
    let deepest = document
    for (;;) {
      const index = deepest.children.length - 1
      const last = deepest.children[index]
      if (last === undefined || !last.open) break
      const child = copy(last, deepest)
      deepest.children[index] = child
      deepest = child
    }
    const forked = new BlockParser(this.math, document)
    // the tip is the innermost open block; were it ever not, the fork must still write only to its own copies
    forked.tip = tip ?? deepest
    forked.lineNumber = this.lineNumber
    return forked
  }

  /** Adds one line; `partial` marks a live last line with no newline yet. */
  addLine(line: string, lineNumber: number, partial: boolean): void {
    this.lineNumber = lineNumber
    PARSE_WORK.steps += line.length + 1
    const cursor = this.cursor
    cursor.reset(line, partial)
    let container: TreeBlock = this.document
    this.oldTip = this.tip
    for (;;) {
      const last = container.children[container.children.length - 1]
      if (last === undefined || !last.open) break
      PARSE_WORK.steps++
      container = last
      cursor.findNextNonspace()
      const result = this.continueBlock(container)
      if (result === 'matched') continue
      if (result === 'held' || result === 'consumed') return
      container = container.parent as TreeBlock
      break
    }
    if (partial && !isLeafWithLines(container)) {
      cursor.findNextNonspace()
      if (isAmbiguousTail(cursor.line.slice(cursor.nextNonspace))) return
    }
    this.allClosed = container === this.oldTip
    this.lastMatchedContainer = container
    let matchedLeaf = isLeafWithLines(container)
    while (!matchedLeaf) {
      cursor.findNextNonspace()
      const opened = openBlock(this, container)
      if (opened === 'none') {
        cursor.advanceNextNonspace()
        break
      }
      if (opened === 'held' || opened === 'consumed') return
      container = this.tip
      if (opened === 'leaf') matchedLeaf = true
    }
    this.addText(container)
  }

  private addText(start: TreeBlock): void {
    const cursor = this.cursor
    let container = start
    const tip = this.tip
    if (!this.allClosed && !cursor.blank && tip.kind === 'paragraph' && container.kind !== 'table') {
      // a lazy continuation line
      tip.lines.push(cursor.rest())
      tip.endLine = this.lineNumber
      return
    }
    if (tip.kind === 'table' && container === tip && !cursor.blank) {
      this.addTableRow(tip)
      return
    }
    this.closeUnmatchedBlocks()
    if (cursor.blank && container.children.length > 0) {
      const last = container.children[container.children.length - 1] as TreeBlock
      last.lastLineBlank = true
    }
    const kind = container.kind
    const lastLineBlank =
      cursor.blank &&
      !(
        kind === 'blockquote' ||
        (kind === 'code' && container.fence !== undefined) ||
        (kind === 'item' && container.children.length === 0 && container.startLine === this.lineNumber)
      )
    for (let block: TreeBlock | undefined = container; block !== undefined; block = block.parent) block.lastLineBlank = lastLineBlank
    if (kind === 'code' || kind === 'paragraph') {
      container.lines.push(cursor.rest())
      if (!cursor.blank || container.fence !== undefined) container.endLine = this.lineNumber
    } else if (cursor.offset < cursor.line.length && !cursor.blank) {
      container = this.addChild('paragraph', cursor.nextNonspace)
      cursor.advanceNextNonspace()
      container.lines.push(cursor.rest())
    }
  }

  private addTableRow(table: TreeBlock): void {
    const cursor = this.cursor
    const line = cursor.rest()
    const data = table.table
    if (data === undefined) return
    const cells = splitRow(line)
    // a live last row is shown once it ends with a pipe and has all its cells
    if (cursor.partial && (!endsWithPipe(line) || cells.length < data.head.length || line.trim() === '|')) return
    data.rows.push(cells)
    table.endLine = this.lineNumber
  }

  private continueBlock(block: TreeBlock): Continuation {
    const cursor = this.cursor
    switch (block.kind) {
      case 'document':
      case 'list': {
        return 'matched'
      }
      case 'blockquote': {
        if (cursor.indented || cursor.peek() !== '>') return 'unmatched'
        cursor.advanceNextNonspace()
        cursor.advanceOffset(1, false)
        if (cursor.peek(cursor.offset) === ' ' || cursor.peek(cursor.offset) === '\t') cursor.advanceOffset(1, true)
        block.endLine = this.lineNumber
        return 'matched'
      }
      case 'item': {
        const list = block.list
        if (list === undefined) return 'unmatched'
        if (cursor.blank) {
          if (block.children.length === 0) return 'unmatched'
          cursor.advanceNextNonspace()
          return 'matched'
        }
        if (cursor.indent >= list.markerOffset + list.padding) {
          cursor.advanceOffset(list.markerOffset + list.padding, true)
          return 'matched'
        }
        // `1. a` then `  - b`: a bullet list two columns in is read as nested, the shape models write
        if (
          list.ordered &&
          list.padding === 3 &&
          cursor.indent === list.markerOffset + 2 &&
          /^[-+*][ \t]/.test(cursor.line.slice(cursor.nextNonspace))
        ) {
          cursor.advanceNextNonspace()
          return 'matched'
        }
        return 'unmatched'
      }
      case 'heading':
      case 'thematicBreak': {
        return 'unmatched'
      }
      case 'code': {
        return this.continueCode(block)
      }
      case 'paragraph':
      case 'table': {
        return cursor.blank ? 'unmatched' : 'matched'
      }
      default: {
        block.kind satisfies never
        return 'unmatched'
      }
    }
  }

  private continueCode(block: TreeBlock): Continuation {
    const cursor = this.cursor
    const fence = block.fence
    if (fence === undefined) {
      if (cursor.indent >= 4) {
        cursor.advanceOffset(4, true)
        return 'matched'
      }
      if (cursor.blank) {
        cursor.advanceNextNonspace()
        return 'matched'
      }
      return 'unmatched'
    }
    const rest = cursor.line.slice(cursor.nextNonspace)
    if (cursor.indent <= 3 && rest[0] === fence.char) {
      const close = CLOSING_FENCE.exec(rest)?.[1]
      if (close !== undefined && close[0] === fence.char && close.length >= fence.length) {
        block.fenceClosed = true
        block.endLine = this.lineNumber
        this.finalize(block)
        return 'consumed'
      }
      // a live last line that may still become the closing fence is not shown as code
      if (cursor.partial && PARTIAL_FENCE.test(rest)) return 'held'
    }
    for (let left = fence.offset; left > 0 && (cursor.peek(cursor.offset) === ' ' || cursor.peek(cursor.offset) === '\t'); left--) {
      cursor.advanceOffset(1, true)
    }
    return 'matched'
  }

  /** Closes the blocks left unmatched by the current line. */
  closeUnmatchedBlocks(): void {
    if (this.allClosed) return
    while (this.oldTip !== this.lastMatchedContainer) {
      const parent = this.oldTip.parent as TreeBlock
      this.finalize(this.oldTip)
      this.oldTip = parent
    }
    this.allClosed = true
  }

  /** Adds a child block to the tip, closing blocks that can't hold it. */
  addChild(kind: TreeKind, _offset: number): TreeBlock {
    while (!canContain(this.tip.kind, kind)) this.finalize(this.tip)
    const block = createBlock(kind, this.tip, this.lineNumber)
    this.tip.children.push(block)
    this.tip = block
    return block
  }

  /** Closes `block`: paragraphs give up their definitions, code gets its info string. */
  finalize(block: TreeBlock): void {
    if (!block.open) return
    block.open = false
    const parent = block.parent
    switch (block.kind) {
      case 'paragraph': {
        const { definitions, rest } = takeDefinitions(block.lines.join('\n'))
        block.definitions = definitions
        if (definitions.length > 0) {
          block.lines.length = 0
          if (rest.trim() !== '') block.lines.push(...rest.split('\n'))
        }
        break
      }
      case 'code': {
        if (block.fence !== undefined) {
          block.info = block.lines.shift() ?? ''
        } else {
          while (block.lines.length > 0 && /^[ \t]*$/.test(block.lines[block.lines.length - 1] ?? '')) block.lines.pop()
        }
        break
      }
      case 'item':
      case 'list': {
        const last = block.children[block.children.length - 1]
        block.endLine = last === undefined ? block.startLine : last.endLine
        break
      }
      case 'blockquote': {
        const last = block.children[block.children.length - 1]
        if (last !== undefined && last.endLine > block.endLine) block.endLine = last.endLine
        break
      }
      case 'document':
      case 'heading':
      case 'thematicBreak':
      case 'table': {
        break
      }
      default: {
        block.kind satisfies never
      }
    }
    if (parent !== undefined && this.tip === block) this.tip = parent
  }

  /** Closes every open block; those still open at the end of a live text are marked `live` first. */
  finish(): void {
    for (let block: TreeBlock | undefined = this.tip; block !== undefined; block = block.parent) block.live = true
    while (this.tip !== this.document) this.finalize(this.tip)
    this.finalize(this.document)
  }

  /** The number of cells in a would-be header row, or -1 when it is too wide to be a table. */
  tableColumns(head: string): number {
    const cells = splitRow(head)
    return cells.length <= MAX_TABLE_COLUMNS ? cells.length : -1
  }
}

function canContain(parent: TreeKind, child: TreeKind): boolean {
  switch (parent) {
    case 'document':
    case 'blockquote':
    case 'item': {
      return child !== 'item'
    }
    case 'list': {
      return child === 'item'
    }
    default: {
      return false
    }
  }
}

function isLeafWithLines(block: TreeBlock): boolean {
  return block.kind === 'code'
}
