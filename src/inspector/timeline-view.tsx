import { useMemo } from 'react'
import type { TimelineBar, TimelineTurn } from './timeline'
import type { InspectorStrings } from './inspector-strings'
import { WindowedList } from './windowed-list'

/** Props of {@link TimelineView}. */
export interface TimelineViewProps {
  readonly turns: readonly TimelineTurn[]
  /** Jumps to a log position (the bar's first event). */
  readonly onJump: (position: number) => void
  readonly strings: InspectorStrings
}

// A turn's heading and each of its bars is one row of the windowed list: thousands of calls cost what a screen does.
type TimelineRow =
  | { readonly kind: 'turn'; readonly turn: TimelineTurn; readonly index: number; readonly tokens: number }
  | { readonly kind: 'bar'; readonly bar: TimelineBar; readonly start: number; readonly span: number }

const ROW_HEIGHT = 28

function rowsOf(turns: readonly TimelineTurn[]): TimelineRow[] {
  const rows: TimelineRow[] = []
  turns.forEach((turn, index) => {
    let start = turn.start
    let end = turn.end
    let tokens = 0
    for (const bar of turn.bars) {
      start = Math.min(start, bar.start)
      end = Math.max(end, bar.end)
      tokens += bar.usage?.totalTokens ?? 0
    }
    rows.push({ kind: 'turn', turn, index, tokens })
    const span = Math.max(1, end - start)
    for (const bar of turn.bars) rows.push({ kind: 'bar', bar, start, span })
  })
  return rows
}

function barLabel(bar: TimelineBar, strings: InspectorStrings): string {
  const kind = bar.kind === 'model' ? strings.modelCall : bar.kind === 'tool' ? `${strings.toolCall} ${bar.label}` : strings.waiting
  const parts = [bar.source === null ? kind : `${strings.subagent(bar.source)}: ${kind}`, strings.duration(bar.end - bar.start)]
  if (bar.usage !== null) parts.push(strings.tokens(bar.usage.inputTokens, bar.usage.outputTokens))
  return parts.join(' · ')
}

function rowContent(row: TimelineRow, onJump: (position: number) => void, strings: InspectorStrings) {
  if (row.kind === 'turn') {
    const { turn, index, tokens } = row
    return (
      <h3>
        <button type="button" onClick={() => onJump(turn.firstPosition + 1)}>
          {strings.turn(index)}
        </button>{' '}
        <span>{strings.duration(turn.end - turn.start)}</span>
        {tokens > 0 && <span> · {strings.turnTokens(tokens)}</span>}
      </h3>
    )
  }
  const { bar, start, span } = row
  const label = barLabel(bar, strings)
  return (
    <>
      <span className="as-inspector-bar-label" aria-hidden="true">
        {bar.kind === 'tool' ? bar.label : bar.kind === 'model' ? strings.modelCall : strings.waiting}
      </span>
      <span className="as-inspector-track">
        <button
          type="button"
          className="as-inspector-bar"
          data-kind={bar.kind}
          data-open={bar.open ? '' : undefined}
          aria-label={strings.jumpTo(label)}
          title={label}
          style={{ left: `${((bar.start - start) / span) * 100}%`, width: `${Math.max(0.5, ((bar.end - bar.start) / span) * 100)}%` }}
          onClick={() => onJump(bar.firstPosition + 1)}
        />
      </span>
      <span className="as-inspector-bar-figure">
        {strings.duration(bar.end - bar.start)}
        {bar.usage !== null && ` · ${strings.tokens(bar.usage.inputTokens, bar.usage.outputTokens)}`}
      </span>
    </>
  )
}

/**
 * Per turn, its model calls, tool calls and waits for the user as bars on the turn's time axis: one list of
 * rows, windowed, each row saying where it is in the whole (`aria-setsize`, `aria-posinset`).
 */
export function TimelineView({ turns, onJump, strings }: TimelineViewProps) {
  const rows = useMemo(() => rowsOf(turns), [turns])
  if (turns.length === 0) return <p className="as-inspector-empty">{strings.timelineEmpty}</p>
  return (
    <WindowedList
      className="as-inspector-timeline"
      role="list"
      aria-label={strings.timeline}
      count={rows.length}
      rowHeight={ROW_HEIGHT}
      renderRow={(index) => {
        const row = rows[index] as TimelineRow
        const key = row.kind === 'turn' ? `turn-${row.turn.firstPosition}` : `${row.bar.kind}-${row.bar.firstPosition}`
        return (
          <div
            key={key}
            role="listitem"
            aria-setsize={rows.length}
            aria-posinset={index + 1}
            className={row.kind === 'turn' ? 'as-inspector-turn' : 'as-inspector-bar-row'}
            data-kind={row.kind === 'bar' ? row.bar.kind : undefined}
            data-open={row.kind === 'turn' && row.turn.open ? '' : undefined}
            style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
          >
            {rowContent(row, onJump, strings)}
          </div>
        )
      }}
    />
  )
}
