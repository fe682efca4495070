import { forwardRef } from 'react'
import type { HTMLAttributes } from 'react'
import type { TurnStatus } from '../core/state'
import { useAgentStrings } from './i18n'
import { visibleName } from './visible-name'

/** Props of {@link AgentIdentity}. */
export interface AgentIdentityProps extends HTMLAttributes<HTMLDivElement> {
  readonly name: string
  /** Shown after the name when given (a lane's status, "Replying…" while a turn streams). */
  readonly status?: TurnStatus
}

// The first letter (or CJK character) of the name, for the avatar.
function initialOf(name: string): string {
  const first = [...name.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '?'
  return first.toLocaleUpperCase()
}

/** Who is speaking: an initial avatar, the agent's name and, when given, its status. */
export const AgentIdentity = forwardRef<HTMLDivElement, AgentIdentityProps>(function AgentIdentity({ name, status, ...rest }, ref) {
  const strings = useAgentStrings()
  return (
    <div className="as-identity" data-status={status} {...rest} ref={ref}>
      <span className="as-avatar" aria-hidden="true">
        {initialOf(name)}
      </span>
      <bdi className="as-identity-name">{visibleName(name)}</bdi>
      {status !== undefined && <span className="as-identity-status">{strings.turnStatus[status]}</span>}
    </div>
  )
})
