import type { TimelineBar, TimelineTurn } from './timeline'
import type { InspectorStrings } from './inspector-strings'

/** Props of {@link TimelineView}. */
export interface TimelineViewProps {
  readonly turns: readonly TimelineTurn[]
  /** Jumps to a log position (the bar's first event). */
  readonly onJump: (position: number) => void
  readonly strings: InspectorStrings
}

function barLabel(bar: TimelineBar, strings: InspectorStrings): string {
  const kind = bar.kind === 'model' ? strings.modelCall : bar.kind === 'tool' ? `${strings.toolCall} ${bar.label}` : strings.waiting
  const parts = [bar.source === null ? kind : `${strings.subagent(bar.source)}: ${kind}`, strings.duration(bar.end - bar.start)]
  if (bar.usage !== null) parts.push(strings.tokens(bar.usage.inputTokens, bar.usage.outputTokens))
  return parts.join(' · ')
}

/** Per turn, its model calls, tool calls and waits for the user as bars on the turn's time axis. */
export function TimelineView({ turns, onJump, strings }: TimelineViewProps) {
  if (turns.length === 0) return <p className="as-inspector-empty">{strings.timelineEmpty}</p>
  return (
    <ol className="as-inspector-timeline" aria-label={strings.timeline}>
      {turns.map((turn, index) => {
        const start = turn.bars.reduce((earliest, bar) => Math.min(earliest, bar.start), turn.start)
        const end = turn.bars.reduce((latest, bar) => Math.max(latest, bar.end), turn.end)
        const span = Math.max(1, end - start)
        const tokens = turn.bars.reduce((sum, bar) => sum + (bar.usage?.totalTokens ?? 0), 0)
        return (
          <li key={turn.firstPosition} className="as-inspector-turn" data-open={turn.open ? '' : undefined}>
            <h3>
              <button type="button" onClick={() => onJump(turn.firstPosition + 1)}>
                {strings.turn(index)}
              </button>{' '}
              <span>{strings.duration(turn.end - turn.start)}</span>
              {tokens > 0 && <span> · {strings.turnTokens(tokens)}</span>}
            </h3>
            <ul>
              {turn.bars.map((bar) => {
                const label = barLabel(bar, strings)
                return (
                  <li key={`${bar.kind}-${bar.firstPosition}`} className="as-inspector-bar-row" data-kind={bar.kind}>
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
                  </li>
                )
              })}
            </ul>
          </li>
        )
      })}
    </ol>
  )
}
