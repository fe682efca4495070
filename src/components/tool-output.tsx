import type { ContentBlock, MediaSource } from '../core/message'
import type { ToolResultEntry } from '../core/state'
import { useAgentStrings } from './i18n'
import { resolveMedia } from './media-source'
import { MediaView } from './media-view'

/** JSON as a human reads it; never throws. */
export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? ''
  } catch {
    return String(value)
  }
}

function OutputBlock({ block }: { readonly block: ContentBlock }) {
  if (block.type === 'text') return <pre className="as-tool-text">{String((block as { text?: unknown }).text ?? '')}</pre>
  const source = (block as { source?: MediaSource }).source
  const media = source === undefined ? null : resolveMedia(source, block.type)
  if (media !== null) return <MediaView media={media} name={(block as { name?: string }).name} />
  return <pre className="as-tool-text">{prettyJson(block)}</pre>
}

/** The output of a tool result so far: text, media, and any other block as JSON. */
export function ToolOutput({ result }: { readonly result: ToolResultEntry }) {
  const strings = useAgentStrings()
  if (result.block.output.length === 0) return null
  return (
    <section className="as-tool-section" aria-label={strings.toolOutput} aria-busy={result.status === 'streaming'}>
      {result.block.output.map((block, index) => (
        <OutputBlock key={index} block={block} />
      ))}
    </section>
  )
}
