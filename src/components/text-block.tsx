import { forwardRef, memo } from 'react'
import type { HTMLAttributes } from 'react'
import type { TextEntry } from '../core/state'
import { StreamingMarkdown } from './markdown/streaming-markdown'
import { useAgentLocale } from './i18n'

/** Props of {@link TextBlock}. */
export interface TextBlockProps extends HTMLAttributes<HTMLDivElement> {
  readonly entry: TextEntry
}

/** A text block as sanitized markdown that renders cleanly while it streams. */
export const TextBlock = memo(
  forwardRef<HTMLDivElement, TextBlockProps>(function TextBlock({ entry, ...rest }, ref) {
    const locale = useAgentLocale()
    return (
      <div data-as-block="text" data-status={entry.status} {...rest} ref={ref}>
        <StreamingMarkdown text={entry.block.text} streaming={entry.status === 'streaming'} locale={locale} />
      </div>
    )
  }),
)
