import { useEffect, useState } from 'react'
import { useAgentStoreApi } from '../react/agent-context'
import { MAIN_SCOPE } from '../core/state'
import { selectTurn } from '../store/selectors'
import { useAgentStrings } from './i18n'
import { statusLabel } from './use-status-label'

/**
 * A polite live region that speaks at boundaries (a reply finished, a confirmation is needed, the
 * connection dropped or came back, an error happened), never per token, so screen readers are not flooded while the answer streams.
 */
export function LiveAnnouncer() {
  const strings = useAgentStrings()
  const store = useAgentStoreApi('LiveAnnouncer')
  const [message, setMessage] = useState('')
  useEffect(() => {
    // The same words twice must still change the region, or screen readers stay silent the second time.
    const announce = (text: string) => setMessage((current) => (current === text ? `${text}\u200b` : text))
    return store.subscribe((state, previous) => {
      const lastIndex = (state.agent.scopes[MAIN_SCOPE]?.turnList.size ?? 0) - 1
      const last = selectTurn(state, lastIndex)
      const before = selectTurn(previous, lastIndex)
      // A short reply can start and end within one published update: it was absent, now it is closed.
      const ended = last !== undefined && last.status !== 'streaming' && (before === undefined || before.status === 'streaming')
      if (state.error !== null && state.error !== previous.error) announce(strings.announceError(state.error.message))
      else if (state.connection !== null && state.connection !== previous.connection) {
        announce(state.connection === 'reconnecting' ? strings.reconnecting : strings.reconnected)
      } else if (state.agent.pendingConfirmation !== null && previous.agent.pendingConfirmation === null) {
        announce(state.capabilities.confirm ? strings.announceConfirmation : strings.cannotAnswerHere)
      } else if (ended && last !== before) {
        announce(last.status === 'completed' ? strings.announceTurnEnd : statusLabel(strings, last.status, state.capabilities.confirm))
      }
    })
  }, [store, strings])
  return (
    <div className="as-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  )
}
