import { useEffect, useMemo } from 'react'
import { createEventRecorder } from '../core/event-recorder'
import type { EventRecorderLimit, RecordedLog } from '../core/event-recorder'
import type { AgentStore } from '../store/agent-store-state'
import { sessionOf, startAt } from './attach-recorder'

/** A recorder attached to `store` while the component is mounted (none without a store); detached on unmount. */
export function useAttachedRecorder(store: AgentStore | undefined, limit: EventRecorderLimit | undefined): RecordedLog | undefined {
  const events = limit?.events
  const megabytes = limit?.megabytes
  const recorder = useMemo(
    () => (store === undefined ? undefined : createEventRecorder({ limit: { events, megabytes } })),
    [store, events, megabytes],
  )
  useEffect(() => {
    if (store === undefined || recorder === undefined) return
    const session = sessionOf(store)
    // Started here rather than at render, so that nothing the chat took in between is missed.
    startAt(recorder, session)
    return session.attachRecorder(recorder)
  }, [store, recorder])
  return recorder
}
