import { forwardRef } from 'react'
import type { DetailsHTMLAttributes } from 'react'
import type { ChatUsage } from '../core/message'
import type { ModelCall } from '../core/state'
import { useAgentStrings } from './i18n'

/** Props of {@link UsageBadge}. */
export interface UsageBadgeProps extends DetailsHTMLAttributes<HTMLDetailsElement> {
  readonly usage: ChatUsage | null
  /** The model calls behind the total, listed in a tooltip-free details list. */
  readonly modelCalls?: readonly ModelCall[]
}

/** Token usage of a turn (the sum over its model calls), with each call's usage on demand. */
export const UsageBadge = forwardRef<HTMLDetailsElement, UsageBadgeProps>(function UsageBadge({ usage, modelCalls = [], ...rest }, ref) {
  const strings = useAgentStrings()
  if (usage === null) return null
  const calls = modelCalls.filter((call) => call.usage !== null)
  return (
    <details className="as-usage" {...rest} ref={ref}>
      <summary>
        <span className="as-visually-hidden">{strings.labelled(strings.usageTotal, '')}</span>
        {strings.usage(usage.inputTokens, usage.outputTokens)}
        {usage.cachedTokens > 0 && <span className="as-muted"> · {strings.usageCached(usage.cachedTokens)}</span>}
      </summary>
      {calls.length > 1 && (
        <ol>
          {calls.map((call) => (
            <li key={call.replyId}>
              {strings.usage(call.usage!.inputTokens, call.usage!.outputTokens)}
              <span className="as-muted"> · {call.usage!.time.toFixed(2)} s</span>
            </li>
          ))}
        </ol>
      )}
    </details>
  )
})
