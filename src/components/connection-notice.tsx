import { forwardRef } from 'react'
import type { HTMLAttributes } from 'react'
import { useAgentStore } from '../react/use-agent-store'
import { useAgentStrings } from './i18n'

/** Props of {@link ConnectionNotice}. */
export type ConnectionNoticeProps = HTMLAttributes<HTMLParagraphElement>

/** Shows when a resumable transport lost the stream and is reconnecting, and when it is back (`LiveAnnouncer` speaks it). */
export const ConnectionNotice = forwardRef<HTMLParagraphElement, ConnectionNoticeProps>(function ConnectionNotice(props, ref) {
  const strings = useAgentStrings()
  const connection = useAgentStore((state) => state.connection)
  const status = useAgentStore((state) => state.status)
  // "Reconnected" matters while the reply goes on; once it is over, the notice has served its purpose.
  const shown = connection === 'reconnecting' || (connection === 'reconnected' && (status === 'streaming' || status === 'connecting'))
  return (
    <p className="as-connection" data-state={shown ? connection : 'connected'} {...props} ref={ref}>
      {shown ? (connection === 'reconnecting' ? strings.reconnecting : strings.reconnected) : ''}
    </p>
  )
})
