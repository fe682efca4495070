import { useState } from 'react'
import type { ContentBlock, MediaSource } from '../core/message'
import type { ToolResultEntry } from '../core/state'
import { ChunkedText } from './chunked-text'
import { JsonView } from './json-view'
import { useAgentStrings } from './i18n'
import { resolveMedia } from './media-source'
import { MediaView } from './media-view'

export { prettyJson } from './format-json'

// Output longer than this shows its start (its end while it streams) and a "show more".
const OUTPUT_CHARS = 1500
const OUTPUT_LINES = 16

// Where to cut: OUTPUT_CHARS, or the end of line OUTPUT_LINES if that comes first.
function cutAt(text: string): number {
  let index = -1
  for (let line = 0; line < OUTPUT_LINES; line++) {
    index = text.indexOf('\n', index + 1)
    if (index === -1 || index >= OUTPUT_CHARS) return Math.min(text.length, OUTPUT_CHARS)
  }
  return index
}

function OutputText({ text, streaming }: { readonly text: string; readonly streaming: boolean }) {
  const strings = useAgentStrings()
  const [whole, setWhole] = useState(false)
  const cut = whole ? text.length : cutAt(text)
  const clipped = cut < text.length
  // A live log is read at its end; a finished one from its start.
  const shown = !clipped ? text : streaming ? `…${text.slice(text.length - cut)}` : `${text.slice(0, cut)}…`
  return (
    <>
      <pre className="as-tool-text">
        <ChunkedText text={shown} />
      </pre>
      {(clipped || whole) && !streaming && (
        <button type="button" className="as-link-button" aria-expanded={whole} onClick={() => setWhole(!whole)}>
          {whole ? strings.showLess : strings.showMore(text.length - cut)}
        </button>
      )}
    </>
  )
}

function OutputBlock({ block, alt, streaming }: { readonly block: ContentBlock; readonly alt: string; readonly streaming: boolean }) {
  if (block.type === 'text') return <OutputText text={String((block as { text?: unknown }).text ?? '')} streaming={streaming} />
  const source = (block as { source?: MediaSource }).source
  const media = source === undefined ? null : resolveMedia(source, block.type)
  if (media !== null) return <MediaView media={media} name={(block as { name?: string }).name} alt={alt} />
  return <JsonView className="as-tool-text" value={block} />
}

/** The output of a tool result so far: text (long output folded behind "show more"), media, any other block as JSON. */
export function ToolOutput({ result, toolName }: { readonly result: ToolResultEntry; readonly toolName: string }) {
  const strings = useAgentStrings()
  if (result.block.output.length === 0) return null
  const label = `${strings.toolOutput}: ${toolName}`
  const streaming = result.status === 'streaming'
  return (
    <div className="as-tool-section" role="group" aria-label={label} aria-busy={streaming}>
      {result.block.output.map((block, index) => (
        <OutputBlock key={index} block={block} alt={label} streaming={streaming} />
      ))}
    </div>
  )
}
