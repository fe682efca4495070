import { forwardRef, memo } from 'react'
import type { HTMLAttributes } from 'react'
import type { MediaSource, Msg } from '../core/message'
import { useAgentStrings } from './i18n'
import { resolveMedia } from './media-source'
import { MediaView } from './media-view'

/** Props of {@link UserMessageView}. */
export interface UserMessageViewProps extends HTMLAttributes<HTMLDivElement> {
  readonly message: Msg
}

/** A message the user sent: its text and its attachments. */
export const UserMessageView = memo(
  forwardRef<HTMLDivElement, UserMessageViewProps>(function UserMessageView({ message, ...rest }, ref) {
    const strings = useAgentStrings()
    return (
      <div className="as-user" data-as-role="user" {...rest} ref={ref}>
        <span className="as-visually-hidden">{strings.you}: </span>
        {message.content.map((block, index) => {
          if (block.type === 'text') {
            return (
              <p key={index} className="as-user-text">
                {String((block as { text?: unknown }).text ?? '')}
              </p>
            )
          }
          const source = (block as { source?: MediaSource }).source
          const media = source === undefined ? null : resolveMedia(source, block.type)
          return media === null ? null : <MediaView key={index} media={media} name={(block as { name?: string }).name} />
        })}
      </div>
    )
  }),
)
