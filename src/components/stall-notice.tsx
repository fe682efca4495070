import { forwardRef, useEffect, useState } from 'react'
import type { HTMLAttributes } from 'react'
import { useAgentStrings } from './i18n'
import { visibleName } from './visible-name'

/** Props of {@link StallNotice}. */
export interface StallNoticeProps extends HTMLAttributes<HTMLParagraphElement> {
  /** When the last sign of life came (`stalledSince`, epoch ms). */
  readonly since: number
  /** The tool still running, if the turn is in one. */
  readonly toolName: string | null
}

const TICK_MS = 1000

/** "still running `sql_query` · 42 s": shown while a streaming run has gone quiet; counts up once a second. */
export const StallNotice = forwardRef<HTMLParagraphElement, StallNoticeProps>(function StallNotice({ since, toolName, ...rest }, ref) {
  const strings = useAgentStrings()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(timer)
  }, [since])
  const seconds = Math.max(0, Math.floor((now - since) / 1000))
  return (
    <p className="as-stall as-muted" data-as-stall="" {...rest} ref={ref}>
      {toolName === null ? (
        strings.stillWorking
      ) : (
        <>
          {strings.stillRunning}{' '}
          <code>
            <bdi>{visibleName(toolName)}</bdi>
          </code>
        </>
      )}
      {' · '}
      {strings.quietFor(seconds)}
    </p>
  )
})
