import { forwardRef } from 'react'
import type { HTMLAttributes } from 'react'
import { LazySubagentLane } from './chat-parts'
import { AgentPartsContext } from './components-context'
import type { AgentParts } from './components-context'
import { TurnView } from './turn-view'

/** Props of {@link SubagentLaneView}. */
export interface SubagentLaneViewProps extends HTMLAttributes<HTMLElement> {
  /** The subagent's scope key (`source`, or `source#taskId`). */
  readonly scopeKey: string
  /**
   * Shows only the turns this top-level tool call spawned (null: the turns no known call spawned), so that a subagent
   * called again shows each run under its own call. Every turn when absent.
   */
  readonly toolCallId?: string | null
  readonly defaultOpen?: boolean
}

// Its turns, and its own subagents' lanes (see AgentPartsContext).
const LANE_PARTS: AgentParts = { SubagentLane: LazySubagentLane, Turn: TurnView }

/** A subagent's own turns, status and pending confirmations, grouped under the tool call that spawned it. */
export const SubagentLaneView = forwardRef<HTMLElement, SubagentLaneViewProps>(function SubagentLaneView(props, ref) {
  return (
    <AgentPartsContext.Provider value={LANE_PARTS}>
      <LazySubagentLane {...props} ref={ref} />
    </AgentPartsContext.Provider>
  )
})
