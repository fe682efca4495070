import { useLayoutEffect, useRef, useState } from 'react'
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

// Where a finished text is cut: OUTPUT_CHARS, or the end of line OUTPUT_LINES if that comes first.
function cutAt(text: string): number {
  let index = -1
  for (let line = 0; line < OUTPUT_LINES; line++) {
    index = text.indexOf('\n', index + 1)
    if (index === -1 || index >= OUTPUT_CHARS) return Math.min(text.length, OUTPUT_CHARS)
  }
  return index
}

// Where a live log's tail starts: its last OUTPUT_LINES lines, at most OUTPUT_CHARS, from the start of a line
// when one begins within them.
function tailAt(text: string): number {
  const floor = Math.max(0, text.length - OUTPUT_CHARS)
  let index = text.length - 1
  for (let line = 0; line < OUTPUT_LINES; line++) {
    index = text.lastIndexOf('\n', index - 1)
    if (index < floor) {
      const next = floor === 0 ? -1 : text.indexOf('\n', floor)
      return next === -1 || next >= text.length - 1 ? floor : next + 1
    }
  }
  return index + 1
}

function OutputText({ text, streaming }: { readonly text: string; readonly streaming: boolean }) {
  const strings = useAgentStrings()
  const [whole, setWhole] = useState(false)
  const box = useRef<HTMLPreElement>(null)
  // A live log is read at its end (kept in view as it grows); a finished one from its start.
  const start = streaming ? tailAt(text) : 0
  const cut = whole || streaming ? text.length : cutAt(text)
  const clipped = cut < text.length
  const shown = start > 0 ? `…${text.slice(start)}` : clipped ? `${text.slice(0, cut)}…` : text
  useLayoutEffect(() => {
    if (streaming && box.current !== null) box.current.scrollTop = box.current.scrollHeight
  }, [streaming, shown])
  return (
    <>
      <pre className="as-tool-text" tabIndex={0} ref={box}>
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
  const name: unknown = (block as { name?: unknown }).name
  if (media !== null) return <MediaView media={media} name={typeof name === 'string' ? name : undefined} alt={alt} />
  return <JsonView className="as-tool-text" value={block} />
}

/** The output of a tool result so far: text (long output folded behind "show more"), media, any other block as JSON. */
export function ToolOutput({ result, toolName }: { readonly result: ToolResultEntry; readonly toolName: string }) {
  const strings = useAgentStrings()
  if (result.block.output.length === 0) return null
  const label = strings.labelled(strings.toolOutput, toolName)
  const streaming = result.status === 'streaming'
  return (
    <div className="as-tool-section" role="group" aria-label={label} aria-busy={streaming}>
      {result.block.output.map((block, index) => (
        <OutputBlock key={index} block={block} alt={label} streaming={streaming} />
      ))}
    </div>
  )
}
