import type { TurnStatus } from './state'

/** Whether a turn stopped to wait for the user (a confirmation, or tool results your app returns): its reply goes on in the next turn. */
export function isPausedTurn(status: TurnStatus | string | null | undefined): boolean {
  return status === 'awaiting_confirmation' || status === 'awaiting_external_execution'
}
