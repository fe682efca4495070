import { forwardRef, useId, useState } from 'react'
import type { SubagentPendingConfirmation } from '../core/state'
import { useAgentStore } from '../react/use-agent-store'
import { useSubagentLane } from '../react/use-subagent-lane'
import { useTransportCapabilities } from '../react/use-transport-capabilities'
import { exposedSubagentOf } from '../session/exposed-subagent'
import { spawnerOfTurn } from '../store/selectors'
import { useAgentParts } from './components-context'
import { summarizeArguments } from './format-json'
import { useAgentStrings } from './i18n'
import type { SubagentLaneViewProps } from './subagent-lane'
import { visibleName } from './visible-name'
import { useStatusLabel } from './use-status-label'

/**
 * What `SubagentLaneView` shows, in a chunk of its own (chat-parts): its turns come from the `Turn` of
 * AgentPartsContext, whose provider (the message list, or `SubagentLaneView`) also gives nested lanes.
 */
export const SubagentLaneBody = forwardRef<HTMLElement, SubagentLaneViewProps>(function SubagentLaneBody(
  { scopeKey, toolCallId, defaultOpen = true, ...rest },
  ref,
) {
  const strings = useAgentStrings()
  const statusLabel = useStatusLabel()
  const { Turn } = useAgentParts()
  const { scope, pendingConfirmations } = useSubagentLane(scopeKey)
  const [open, setOpen] = useState(defaultOpen)
  const bodyId = useId()
  if (scope === undefined) return null
  const shown = scope.turns.flatMap((turn, index) => (toolCallId === undefined || spawnerOfTurn(scope, turn) === toolCallId ? [index] : []))
  const lastIndex = shown[shown.length - 1] ?? -1
  const last = scope.turns[lastIndex]
  const status = scope.open && lastIndex === scope.turns.length - 1 ? 'streaming' : (last?.status ?? 'completed')
  const name = visibleName(last?.name ?? scope.source ?? scopeKey)
  return (
    <section className="as-lane" data-status={status} aria-label={strings.labelled(strings.subagent, name)} {...rest} ref={ref}>
      <button type="button" className="as-lane-header" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <span className="as-avatar" aria-hidden="true">
          {[...name][0]?.toLocaleUpperCase() ?? '?'}
        </span>
        <bdi className="as-lane-name">{name}</bdi>
        <span className="as-badge" data-status={status}>
          {statusLabel(status)}
        </span>
      </button>
      <div id={bodyId} hidden={!open}>
        {shown.map((index) => (
          <Turn key={`${scope.turns[index]?.id}-${index}`} index={index} scopeKey={scopeKey} />
        ))}
        {pendingConfirmations.map((request) => (
          <SubagentConfirmation key={request.requestReplyId ?? request.source} request={request} />
        ))}
      </div>
    </section>
  )
})

/**
 * A subagent's own question, with Approve and Deny where the answer can reach it (a transport that carries it, and a
 * subagent the server exposed), else the one sentence that says it cannot be answered here.
 */
function SubagentConfirmation({ request }: { readonly request: SubagentPendingConfirmation }) {
  const strings = useAgentStrings()
  const { subagentConfirm } = useTransportCapabilities()
  const exposed = useAgentStore((state) => exposedSubagentOf(state.agent, request.source) !== null)
  const confirmSubagent = useAgentStore((state) => state.confirmSubagent)
  const [sending, setSending] = useState(false)
  const canAnswer = subagentConfirm && exposed && request.toolCalls.length > 0
  const answer = (approved: boolean) => {
    setSending(true)
    // a refusal or a failure shows in the error banner; the question stays pending, so the buttons come back
    confirmSubagent(
      request.source,
      request.toolCalls.map((call) => ({ toolCallId: call.id, approved })),
    )
      .catch(() => {})
      .finally(() => setSending(false))
  }
  return (
    <div className="as-lane-confirmation" role="note">
      <strong>{strings.subagentWaiting}</strong>
      <ul>
        {request.toolCalls.map((call) => (
          <li key={call.id}>
            <code>
              <bdi>{visibleName(call.name ?? call.id)}</bdi>
            </code>{' '}
            <code>{call.content ?? summarizeArguments(call.input, 200)}</code>
          </li>
        ))}
      </ul>
      {canAnswer ? (
        <div className="as-actions">
          <button type="button" data-variant="primary" disabled={sending} onClick={() => answer(true)}>
            {strings.approve}
          </button>
          <button type="button" data-variant="danger" disabled={sending} onClick={() => answer(false)}>
            {strings.deny}
          </button>
        </div>
      ) : (
        <p className="as-confirm-note">{strings.subagentCannotConfirm}</p>
      )}
    </div>
  )
}
