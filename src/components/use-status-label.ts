import type { TurnStatus } from '../core/state'
import { useTransportCapabilities } from '../react/use-transport-capabilities'
import { useAgentStrings, type AgentStrings } from './i18n'

/** The words for a turn's status: a confirmation this connection cannot send is not waiting for the user. */
export function statusLabel(strings: AgentStrings, status: TurnStatus, canConfirm: boolean): string {
  return status === 'awaiting_confirmation' && !canConfirm ? strings.cannotAnswerHere : strings.turnStatus[status]
}

/** {@link statusLabel} for the chat's strings and transport. */
export function useStatusLabel(): (status: TurnStatus) => string {
  const strings = useAgentStrings()
  const { confirm } = useTransportCapabilities()
  return (status) => statusLabel(strings, status, confirm)
}
