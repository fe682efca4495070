import type { RecordedEntry } from '../core/event-recorder'
import { entryText, summaryOf } from './entry-summary'

/** Which entries the log shows; null fields match everything. */
export interface LogFilter {
  /** An event type or marker label; `'warnings'` keeps skipped values and problems. */
  readonly type: string | null
  /** A subagent `source`; `''` is the top-level agent. */
  readonly scope: string | null
  readonly toolCallId: string | null
  /** Case-insensitive text searched in the entry's JSON. */
  readonly search: string
}

/** The filter that keeps everything. */
export const NO_FILTER: LogFilter = Object.freeze({ type: null, scope: null, toolCallId: null, search: '' })

/** Whether a filter keeps every entry. */
export function isEmptyFilter(filter: LogFilter): boolean {
  return filter.type === null && filter.scope === null && filter.toolCallId === null && filter.search.trim() === ''
}

/** Whether one entry passes the filter. */
export function matchesFilter(entry: RecordedEntry, filter: LogFilter, needle = filter.search.trim().toLowerCase()): boolean {
  const summary = summaryOf(entry)
  if (filter.type !== null) {
    if (filter.type === 'warnings' ? summary.tone !== 'warning' : summary.label !== filter.type) return false
  }
  if (filter.scope !== null && (summary.tone === 'marker' || (summary.source ?? '') !== filter.scope)) return false
  if (filter.toolCallId !== null && summary.toolCallId !== filter.toolCallId) return false
  if (needle !== '' && !entryText(entry).toLowerCase().includes(needle)) return false
  return true
}

/** The values the filter menus offer, with how often each occurs. */
export interface FilterChoices {
  readonly types: ReadonlyMap<string, number>
  readonly scopes: ReadonlyMap<string, number>
  readonly toolCalls: ReadonlyMap<string, { readonly name: string | null; readonly count: number }>
  readonly warnings: number
}

/**
 * Keeps the positions of the entries that pass a filter, extended incrementally as entries are appended:
 * each entry is matched once per filter, so a live log of 100,000 events costs one test per new event.
 */
export interface LogIndex {
  /** Indices (into the kept entries) that pass, ascending. */
  readonly matches: readonly number[]
  readonly choices: FilterChoices
}

/** Creates an incremental index over a list of entries that only grows (a new list object starts over). */
export function createLogIndexer(): (entries: readonly RecordedEntry[], filter: LogFilter) => LogIndex {
  let source: readonly RecordedEntry[] | null = null
  let filterKey = ''
  let matched: number[] = []
  let matchedUpTo = 0
  let counted = 0
  const types = new Map<string, number>()
  const scopes = new Map<string, number>()
  const toolCalls = new Map<string, { name: string | null; count: number }>()
  let warnings = 0
  let result: LogIndex | null = null

  return (entries, filter) => {
    const key = JSON.stringify([filter.type, filter.scope, filter.toolCallId, filter.search.trim().toLowerCase()])
    // The recorder grows its array in place and replaces it when it drops entries: a new array starts over.
    if (source !== entries || entries.length < counted) {
      types.clear()
      scopes.clear()
      toolCalls.clear()
      warnings = 0
      counted = 0
      matched = []
      matchedUpTo = 0
      result = null
      source = entries
    }
    if (key !== filterKey) {
      filterKey = key
      matched = []
      matchedUpTo = 0
    }
    const changed = counted < entries.length || matchedUpTo < entries.length
    for (; counted < entries.length; counted++) {
      const summary = summaryOf(entries[counted]!)
      types.set(summary.label, (types.get(summary.label) ?? 0) + 1)
      if (summary.tone === 'warning') warnings++
      if (summary.tone !== 'marker') scopes.set(summary.source ?? '', (scopes.get(summary.source ?? '') ?? 0) + 1)
      if (summary.toolCallId !== null && summary.toolCallId !== '') {
        const known = toolCalls.get(summary.toolCallId)
        if (known === undefined) toolCalls.set(summary.toolCallId, { name: summary.toolCallName, count: 1 })
        else toolCalls.set(summary.toolCallId, { name: known.name ?? summary.toolCallName, count: known.count + 1 })
      }
    }
    const needle = filter.search.trim().toLowerCase()
    const all = isEmptyFilter(filter)
    for (; matchedUpTo < entries.length; matchedUpTo++) {
      if (all || matchesFilter(entries[matchedUpTo]!, filter, needle)) matched.push(matchedUpTo)
    }
    if (changed || result === null)
      result = { matches: matched.slice(), choices: { types: new Map(types), scopes: new Map(scopes), toolCalls: new Map(toolCalls), warnings } }
    return result
  }
}
