import { useEffect, useState } from 'react'
import type { RecordedLog } from '../core/event-recorder'

/**
 * The recorder's version, re-read at most every `intervalMs` while entries arrive: a stream of thousands of
 * events a second re-renders the inspector a few times a second, not once per frame.
 */
export function useRecorderVersion(recorder: RecordedLog, intervalMs = 150): number {
  const [seen, setSeen] = useState(() => ({ recorder, version: recorder.version() }))
  const rendered = seen.recorder === recorder ? seen.version : recorder.version()
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    const update = () => {
      timer = null
      setSeen({ recorder, version: recorder.version() })
    }
    const unsubscribe = recorder.subscribe(() => {
      timer ??= setTimeout(update, intervalMs)
    })
    // Entries recorded between the render and the subscription.
    if (recorder.version() !== rendered) timer = setTimeout(update, 0)
    return () => {
      unsubscribe()
      if (timer !== null) clearTimeout(timer)
    }
  }, [recorder, intervalMs, rendered])
  return rendered
}
