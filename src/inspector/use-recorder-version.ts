import { useEffect, useState } from 'react'
import type { RecordedLog } from '../core/event-recorder'

/**
 * The recorder's version, re-read at most every `intervalMs` while entries arrive: a stream of thousands of
 * events a second re-renders the inspector a few times a second, not once per frame.
 */
export function useRecorderVersion(recorder: RecordedLog, intervalMs = 150): number {
  const [version, setVersion] = useState(() => recorder.version())
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    const update = () => {
      timer = null
      setVersion(recorder.version())
    }
    setVersion(recorder.version())
    const unsubscribe = recorder.subscribe(() => {
      timer ??= setTimeout(update, intervalMs)
    })
    return () => {
      unsubscribe()
      if (timer !== null) clearTimeout(timer)
    }
  }, [recorder, intervalMs])
  return version
}
