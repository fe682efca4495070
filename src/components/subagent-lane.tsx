import { forwardRef, useId, useState } from 'react'
import type { HTMLAttributes } from 'react'
import { useSubagentLane } from '../react/use-subagent-lane'
import { AgentPartsContext } from './components-context'
import type { AgentParts } from './components-context'
import { summarizeArguments } from './format-json'
import { useAgentStrings } from './i18n'
import { TurnView } from './turn-view'

/** Props of {@link SubagentLaneView}. */
export interface SubagentLaneViewProps extends HTMLAttributes<HTMLElement> {
  /** The subagent's scope key (`source`, or `source#taskId`). */
  readonly scopeKey: string
  readonly defaultOpen?: boolean
}

/** A subagent's own turns, status and pending confirmations, grouped under the tool call that spawned it. */
export const SubagentLaneView = forwardRef<HTMLElement, SubagentLaneViewProps>(function SubagentLaneView(
  { scopeKey, defaultOpen = true, ...rest },
  ref,
) {
  const strings = useAgentStrings()
  const { scope, pendingConfirmations } = useSubagentLane(scopeKey)
  const [open, setOpen] = useState(defaultOpen)
  const bodyId = useId()
  if (scope === undefined) return null
  const last = scope.turns[scope.turns.length - 1]
  const status = scope.open ? 'streaming' : (last?.status ?? 'completed')
  const name = last?.name ?? scope.source ?? scopeKey
  return (
    <section className="as-lane" data-status={status} aria-label={`${strings.subagent}: ${name}`} {...rest} ref={ref}>
      <button type="button" className="as-lane-header" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <span className="as-avatar" aria-hidden="true">
          {[...name][0]?.toLocaleUpperCase() ?? '?'}
        </span>
        <span className="as-lane-name">{name}</span>
        <span className="as-badge" data-status={status}>
          {strings.turnStatus[status]}
        </span>
      </button>
      <div id={bodyId} hidden={!open}>
        <AgentPartsContext.Provider value={LANE_PARTS}>
          {scope.turns.map((turn, index) => (
            <TurnView key={`${turn.id}-${index}`} index={index} scopeKey={scopeKey} />
          ))}
          {pendingConfirmations.map((request) => (
            <div key={request.requestReplyId ?? request.source} className="as-lane-confirmation" role="note">
              <strong>{strings.subagentWaiting}</strong>
              <ul>
                {request.toolCalls.map((call) => (
                  <li key={call.id}>
                    <code>{call.name}</code> <code>{call.content ?? summarizeArguments(call.input, 200)}</code>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </AgentPartsContext.Provider>
      </div>
    </section>
  )
})

// A subagent's own subagents get lanes too (see AgentPartsContext).
const LANE_PARTS: AgentParts = { SubagentLane: SubagentLaneView }
