import type { TreeBlock } from './block-lines'
import { BlockParser } from './block-parser'

/** The block trees of a text from one offset, and where their lines are in it. */
export interface ReadBlocks {
  readonly trees: readonly TreeBlock[]
  /** Offset in the text of line `line` (counted from the reader's start), undefined past the last one. */
  lineStart(line: number): number | undefined
  /** Length of line `line` without its newline, 0 past the last one. */
  lineLength(line: number): number
}

/** One line as CommonMark reads it: without its carriage return, NUL replaced (never passed on). */
function lineOf(text: string, start: number, end: number): string {
  let line = text.slice(start, end)
  if (line.endsWith('\r')) line = line.slice(0, -1)
  return line.includes('\u0000') ? line.replace(/\u0000/g, '\ufffd') : line
}

/**
 * The block phase of a text from `from`, kept from one parse of a growing text to the next. The lines a newline
 * has ended read the same whatever follows them (the block phase reads a line at a time), so they are read once;
 * the live last line and the closing of the blocks still open happen on a fork at each parse. A long list or table
 * streamed row by row costs its new rows, not all of them again.
 */
export class BlockReader {
  readonly from: number
  private readonly math: boolean
  private readonly parser: BlockParser
  private readonly starts: number[] = []
  private readonly lines: string[] = []
  /** The text to the end of the last line read, newline included. Shared by every parse state that holds the reader. */
  private read: string
  /** The text of the last parse, which `read` starts. */
  private lastText: string

  private constructor(text: string, from: number, math: boolean) {
    this.from = from
    this.math = math
    this.parser = new BlockParser(math)
    this.read = text.slice(0, from)
    this.lastText = this.read
  }

  /**
   * `previous` when it read a prefix of `text` from the same offset, else a new reader. `extended` is a text the
   * caller knows `text` starts with: when the reader's last parse was of it, the text is not compared again.
   */
  static resume(previous: BlockReader | undefined, text: string, from: number, math: boolean, extended?: string): BlockReader {
    if (previous === undefined || previous.from !== from || previous.math !== math) return new BlockReader(text, from, math)
    // a reader is shared by the states of one stream: a render that React discarded may have taken it further than
    // the state parsing now, which is fine as long as what it read is still the start of the text
    const read = previous.read
    return previous.lastText === extended || text.slice(0, read.length) === read ? previous : new BlockReader(text, from, math)
  }

  /** Reads the lines of `text` a newline has ended that it has not read yet, then returns the trees of all of it. */
  readBlocks(text: string, partialLast: boolean): ReadBlocks {
    const { parser, starts, lines } = this
    let offset = this.read.length
    for (let newline = text.indexOf('\n', offset); newline !== -1; newline = text.indexOf('\n', offset)) {
      const line = lineOf(text, offset, newline)
      parser.addLine(line, lines.length, false)
      lines.push(line)
      starts.push(offset)
      offset = newline + 1
    }
    if (offset > this.read.length) this.read = text.slice(0, offset)
    this.lastText = text
    const last = lines.length
    const fork = parser.fork()
    const tail = offset < text.length ? lineOf(text, offset, text.length) : undefined
    if (tail !== undefined) fork.addLine(tail, last, partialLast)
    fork.finish()
    return {
      trees: fork.document.children,
      lineStart: (line) => (line < last ? starts[line] : line === last && tail !== undefined ? offset : undefined),
      lineLength: (line) => (line < last ? (lines[line] as string).length : line === last && tail !== undefined ? tail.length : 0),
    }
  }
}
