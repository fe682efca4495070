import { forwardRef, memo } from 'react'
import type { HTMLAttributes } from 'react'
import type { TextEntry } from '../core/state'
import { StreamingMarkdown } from './markdown/streaming-markdown'
import { useAgentStrings } from './i18n'

/** Props of {@link TextBlockView}. */
export interface TextBlockViewProps extends HTMLAttributes<HTMLDivElement> {
  readonly entry: TextEntry
}

/** A text block as sanitized markdown that renders cleanly while it streams. */
export const TextBlockView = memo(
  forwardRef<HTMLDivElement, TextBlockViewProps>(function TextBlockView({ entry, ...rest }, ref) {
    const strings = useAgentStrings()
    return (
      <div data-as-block="text" data-status={entry.status} {...rest} ref={ref}>
        <StreamingMarkdown text={entry.block.text} streaming={entry.status === 'streaming'} locale={strings.markdown} />
      </div>
    )
  }),
)
