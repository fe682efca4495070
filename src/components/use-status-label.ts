import type { TurnStatus } from '../core/state'
import { useTransportCapabilities } from '../react/use-transport-capabilities'
import { useAgentStrings } from './i18n'

/** The words for a turn's status: a confirmation this connection cannot send is not waiting for the user. */
export function useStatusLabel(): (status: TurnStatus) => string {
  const strings = useAgentStrings()
  const { confirm } = useTransportCapabilities()
  return (status) => (status === 'awaiting_confirmation' && !confirm ? strings.cannotAnswerHere : strings.turnStatus[status])
}
