import { PARSE_WORK } from './parse-work'

/** Every backtick run of the text by length, read once, so that finding a closer never rescans (`` ` `` `` `` ``). */
export class BacktickIndex {
  private readonly runs = new Map<number, number[]>()
  private readonly cursors = new Map<number, number>()

  constructor(text: string) {
    for (let index = text.indexOf('`'); index !== -1; index = text.indexOf('`', index)) {
      let end = index
      while (text[end] === '`') end++
      const length = end - index
      PARSE_WORK.steps += length
      let list = this.runs.get(length)
      if (list === undefined) this.runs.set(length, (list = []))
      list.push(index)
      index = end
    }
  }

  /** The start of the first run of exactly `length` backticks at or after `from`, or -1. Calls come in order. */
  next(length: number, from: number): number {
    const list = this.runs.get(length)
    if (list === undefined) return -1
    let cursor = this.cursors.get(length) ?? 0
    while (cursor < list.length && (list[cursor] as number) < from) {
      cursor++
      PARSE_WORK.steps++
    }
    this.cursors.set(length, cursor)
    return list[cursor] ?? -1
  }
}

/**
 * Where `$…$` and `$$…$$` can close, read once: a single `$` closes when a non-space is before it and no digit
 * after it (so `$5 and $10` stays text), a `$$` wherever it stands. Searches come in order, so each is O(1).
 */
export class DollarIndex {
  private readonly single: number[] = []
  private readonly double: number[] = []
  private singleCursor = 0
  private doubleCursor = 0

  constructor(text: string) {
    for (let index = text.indexOf('$'); index !== -1; index = text.indexOf('$', index)) {
      let end = index
      while (text[end] === '$') end++
      PARSE_WORK.steps += end - index
      if (end - index === 2) this.double.push(index)
      else if (end - index === 1 && !/\s/.test(text[index - 1] ?? ' ') && !/[0-9]/.test(text[end] ?? '')) this.single.push(index)
      index = end
    }
  }

  next(length: 1 | 2, from: number): number {
    const list = length === 1 ? this.single : this.double
    let cursor = length === 1 ? this.singleCursor : this.doubleCursor
    while (cursor < list.length && (list[cursor] as number) < from) {
      cursor++
      PARSE_WORK.steps++
    }
    if (length === 1) this.singleCursor = cursor
    else this.doubleCursor = cursor
    return list[cursor] ?? -1
  }
}
