/** Where a run of lines sits in a live stream. */
export interface ScanContext {
  /** The text may still grow after these lines: the block that reaches the end is the live tail. */
  readonly openEnd: boolean
  /** The last line has no newline yet, so it may still change. */
  readonly partialLast: boolean
  /** How many containers (quotes, list items) enclose these lines. @default 0 */
  readonly depth?: number
}

/** Containers nested deeper than this are shown as text, so hostile input can't exhaust the stack. */
export const MAX_NESTING = 32

/** An opening code fence: indent, fence, info string. */
export const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/
/** A closing code fence (it must use the opener's character and be at least as long). */
export const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/
/** An ATX heading: level marks, then the content without its closing `#`s. */
export const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/
/** `---`, `***` or `___`, spaces allowed between the characters. */
export const THEMATIC_BREAK = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/
/** A block quote marker with its optional following space. */
export const BLOCKQUOTE = /^ {0,3}> ?/
const LIST_MARKER = /^([ \t]*)([-+*]|(\d{1,9})([.)]))(?=[ \t]|$)/
const BLANK = /^[ \t]*$/
// A last line that could still turn into something else (`-` → `---`, `1` → `1. `, `# ` → `# Title`,
// `- [x` → a task): it is held back for the next delta instead of flashing as text
const AMBIGUOUS_TAIL = /^(?:[-+*_]{1,2}|[-*_] [-*_] ?|\*\*\*|#{1,6}[ \t]*|\d{1,9}[.)]?|`{1,2}|~{1,2}|(?:[-+*]|\d{1,9}[.)])[ \t]+\[[ xX]?)$/

/** True for an empty or whitespace-only line. */
export function isBlank(line: string): boolean {
  return BLANK.test(line)
}

/** True for a partial last line that is held back: blank, or a prefix of several constructs. */
export function isAmbiguousTail(line: string): boolean {
  return isBlank(line) || AMBIGUOUS_TAIL.test(line.replace(/^[ \t>]*/, ''))
}

/** Width of the leading whitespace in columns (a tab advances to the next multiple of 4). */
export function indentWidth(line: string): number {
  let columns = 0
  for (let index = 0; index < line.length; index++) {
    const code = line.charCodeAt(index)
    if (code === 32) columns++
    else if (code === 9) columns += 4 - (columns % 4)
    else break
  }
  return columns
}

/** Removes up to `columns` columns of leading whitespace; a tab cut in the middle leaves spaces. */
export function stripIndent(line: string, columns: number): string {
  let width = 0
  let index = 0
  while (index < line.length && width < columns) {
    const char = line[index]
    if (char === ' ') width++
    else if (char === '\t') {
      const tabWidth = 4 - (width % 4)
      if (width + tabWidth > columns) return ' '.repeat(width + tabWidth - columns) + line.slice(index + 1)
      width += tabWidth
    } else break
    index++
  }
  return line.slice(index)
}

/** A list item's first line: its marker, where its content starts, and the content itself. */
export interface ListMarker {
  readonly indent: number
  readonly ordered: boolean
  /** The bullet character, or the ordered delimiter (`.` or `)`). */
  readonly symbol: string
  readonly start: number
  readonly contentIndent: number
  readonly content: string
}

/** Reads a list item marker (`-`, `+`, `*`, `1.`, `1)`) at the start of `line`. */
export function parseListMarker(line: string): ListMarker | undefined {
  const match = LIST_MARKER.exec(line)
  if (!match) return undefined
  const [whole, leading = '', marker = '', digits, delimiter] = match
  const indent = indentWidth(leading)
  const rest = line.slice(whole.length)
  const markerEnd = indent + marker.length
  const gap = indentWidth(rest)
  const ordered = digits !== undefined
  const common = { indent, ordered, symbol: ordered ? delimiter ?? '.' : marker, start: ordered ? Number(digits) : 1 }
  if (isBlank(rest)) return { ...common, contentIndent: markerEnd + 1, content: '' }
  // five or more spaces after the marker: the content is indented code, one space belongs to the marker
  const width = gap > 4 ? 1 : gap
  return { ...common, contentIndent: markerEnd + width, content: stripIndent(rest, width) }
}
