import type { ContentBlock, MediaSource } from '../core/message'
import type { ToolResultEntry } from '../core/state'
import { ChunkedText } from './chunked-text'
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

function OutputBlock({ block, alt }: { readonly block: ContentBlock; readonly alt: string }) {
  if (block.type === 'text') {
    return (
      <pre className="as-tool-text">
        <ChunkedText text={String((block as { text?: unknown }).text ?? '')} />
      </pre>
    )
  }
  const source = (block as { source?: MediaSource }).source
  const media = source === undefined ? null : resolveMedia(source, block.type)
  if (media !== null) return <MediaView media={media} name={(block as { name?: string }).name} alt={alt} />
  return <pre className="as-tool-text">{prettyJson(block)}</pre>
}

/** The output of a tool result so far: text, media, and any other block as JSON. */
export function ToolOutput({ result, toolName }: { readonly result: ToolResultEntry; readonly toolName: string }) {
  const strings = useAgentStrings()
  if (result.block.output.length === 0) return null
  const label = `${strings.toolOutput}: ${toolName}`
  return (
    <div className="as-tool-section" role="group" aria-label={label} aria-busy={result.status === 'streaming'}>
      {result.block.output.map((block, index) => (
        <OutputBlock key={index} block={block} alt={label} />
      ))}
    </div>
  )
}
