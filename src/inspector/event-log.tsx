import { useEffect, useRef } from 'react'
import type { KeyboardEvent } from 'react'
import type { RecordedEntry } from '../core/event-recorder'
import { sizeOf, summaryOf } from './entry-summary'
import type { InspectorStrings } from './inspector-strings'
import type { LogFilter, LogIndex } from './log-filter'
import { menuChoices } from './menu-choices'
import { WindowedList } from './windowed-list'
import type { WindowedListHandle } from './windowed-list'

/** Props of {@link EventLog}. */
export interface EventLogProps {
  readonly entries: readonly RecordedEntry[]
  /** How many entries the recorder dropped: entry `index` is number `dropped + index + 1` in the log. */
  readonly dropped: number
  readonly index: LogIndex
  readonly filter: LogFilter
  readonly onFilterChange: (filter: LogFilter) => void
  /** The selected entry (kept index), and the other end of a selected range. */
  readonly selected: number | null
  readonly anchor: number | null
  /** `extend`: Shift was held, the range grows from the anchor. */
  readonly onSelect: (index: number, extend: boolean) => void
  /** Keep the newest entry in view. */
  readonly follow: boolean
  readonly strings: InspectorStrings
  readonly idPrefix: string
}

const ROW_HEIGHT = 28
const PAGE = 20

function shortId(id: string | null): string | null {
  if (id === null || id === '') return null
  return id.length > 12 ? `${id.slice(0, 8)}…` : id
}

// The row of `matches` that holds kept index `selected`, or the one just before it.
function rowOf(matches: readonly number[], selected: number): number {
  let low = 0
  let high = matches.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if ((matches[middle] as number) <= selected) {
      found = middle
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return found
}

/** The event log: filters, search, and every entry as a row of a windowed list, warnings inline. */
export function EventLog(props: EventLogProps) {
  const { entries, dropped, index, filter, onFilterChange, selected, anchor, onSelect, follow, strings, idPrefix } = props
  const list = useRef<WindowedListHandle>(null)
  const matches = index.matches
  const startTime = entries[0]?.receivedAt ?? 0
  const selectedRow = selected === null ? -1 : rowOf(matches, selected)
  const rangeStart = anchor === null || selected === null ? selected : Math.min(anchor, selected)
  const rangeEnd = anchor === null || selected === null ? selected : Math.max(anchor, selected)

  useEffect(() => {
    if (selectedRow >= 0) list.current?.scrollToIndex(selectedRow)
  }, [selectedRow])

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    if (matches.length === 0) return
    const current = selectedRow
    let target: number
    switch (event.key) {
      case 'ArrowDown': {
        target = current + 1
        break
      }
      case 'ArrowUp': {
        target = current < 0 ? 0 : selected !== null && matches[current] !== selected ? current : current - 1
        break
      }
      case 'PageDown': {
        target = Math.max(0, current) + PAGE
        break
      }
      case 'PageUp': {
        target = Math.max(0, current) - PAGE
        break
      }
      case 'Home': {
        target = 0
        break
      }
      case 'End': {
        target = matches.length - 1
        break
      }
      default: {
        return
      }
    }
    event.preventDefault()
    event.stopPropagation()
    const row = Math.min(matches.length - 1, Math.max(0, target))
    onSelect(matches[row] as number, event.shiftKey)
  }

  const types = menuChoices([...index.choices.types.keys()], { counts: index.choices.types, chosen: filter.type, sorted: true })
  const scopes = menuChoices(
    [...index.choices.scopes.keys()].filter((scope) => scope !== ''),
    { counts: index.choices.scopes, chosen: filter.scope, sorted: true },
  )
  const toolCalls = menuChoices([...index.choices.toolCalls.keys()], { chosen: filter.toolCallId, sorted: false })
  const more = (omitted: number) =>
    omitted > 0 && (
      <option disabled value="…">
        {strings.moreChoices(omitted)}
      </option>
    )

  return (
    <div className="as-inspector-log">
      <fieldset className="as-inspector-filters">
        <legend className="as-visually-hidden">{strings.filters}</legend>
        <label>
          <span>{strings.filterType}</span>
          <select
            value={filter.type ?? ''}
            onChange={(event) => onFilterChange({ ...filter, type: event.target.value === '' ? null : event.target.value })}
          >
            <option value="">{strings.all}</option>
            <option value="warnings">{strings.warningsOnly(index.choices.warnings)}</option>
            {types.values.map((type) => (
              <option key={type} value={type}>
                {type} ({index.choices.types.get(type)})
              </option>
            ))}
            {more(types.omitted)}
          </select>
        </label>
        <label>
          <span>{strings.filterScope}</span>
          <select
            value={filter.scope ?? '*'}
            onChange={(event) => onFilterChange({ ...filter, scope: event.target.value === '*' ? null : event.target.value })}
          >
            <option value="*">{strings.all}</option>
            <option value="">{strings.mainAgent}</option>
            {scopes.values.map((scope) => (
              <option key={scope} value={scope}>
                {scope}
              </option>
            ))}
            {more(scopes.omitted)}
          </select>
        </label>
        <label>
          <span>{strings.filterToolCall}</span>
          <select
            value={filter.toolCallId ?? ''}
            onChange={(event) => onFilterChange({ ...filter, toolCallId: event.target.value === '' ? null : event.target.value })}
          >
            <option value="">{strings.all}</option>
            {toolCalls.values.map((id) => {
              const call = index.choices.toolCalls.get(id)
              return (
                <option key={id} value={id}>
                  {call?.name == null ? id : `${call.name} (${shortId(id)})`}
                </option>
              )
            })}
            {more(toolCalls.omitted)}
          </select>
        </label>
        <label className="as-inspector-search">
          <span>{strings.search}</span>
          <input
            type="search"
            value={filter.search}
            placeholder={strings.searchPlaceholder}
            onChange={(event) => onFilterChange({ ...filter, search: event.target.value })}
          />
        </label>
      </fieldset>
      <p className="as-inspector-count" aria-live="polite">
        {strings.shown(matches.length, entries.length)}
      </p>
      {matches.length === 0 ? <p className="as-inspector-empty">{entries.length === 0 ? strings.noEntries : strings.noMatches}</p> : null}
      <WindowedList
        ref={list}
        className="as-inspector-rows"
        role="listbox"
        aria-label={strings.log}
        aria-multiselectable="true"
        aria-activedescendant={selected === null ? undefined : `${idPrefix}-entry-${dropped + selected}`}
        tabIndex={0}
        hidden={matches.length === 0}
        count={matches.length}
        rowHeight={ROW_HEIGHT}
        follow={follow}
        onKeyDown={move}
        renderRow={(row) => {
          const kept = matches[row] as number
          const entry = entries[kept] as RecordedEntry
          const summary = summaryOf(entry)
          const number = dropped + kept + 1
          const inRange = rangeStart !== null && rangeEnd !== null && kept >= rangeStart && kept <= rangeEnd
          const ids = [shortId(summary.replyId), shortId(summary.blockId), shortId(summary.toolCallId)].filter((id) => id !== null).join(' · ')
          return (
            <div
              key={kept}
              id={`${idPrefix}-entry-${dropped + kept}`}
              role="option"
              aria-selected={inRange}
              aria-posinset={row + 1}
              aria-setsize={matches.length}
              className="as-inspector-row"
              data-tone={summary.tone}
              data-current={kept === selected ? '' : undefined}
              style={{ transform: `translateY(${row * ROW_HEIGHT}px)` }}
              onClick={(event) => onSelect(kept, event.shiftKey)}
            >
              <span data-column="index">{number}</span>
              <span data-column="time">+{((entry.receivedAt - startTime) / 1000).toFixed(3)}</span>
              <span data-column="type">
                {summary.label}
                {summary.tone === 'warning' && <span className="as-visually-hidden"> ({strings.warning})</span>}
                {summary.tone === 'local' && <span className="as-visually-hidden"> ({strings.local})</span>}
              </span>
              <span data-column="source">{summary.source ?? ''}</span>
              <span data-column="ids">{summary.problem ?? ids}</span>
              <span data-column="size">{strings.size(sizeOf(entry))}</span>
            </div>
          )
        }}
      />
    </div>
  )
}
