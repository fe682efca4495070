import { memo } from 'react'

// About this many characters per chunk; a chunk ends at the first line break after that.
const CHUNK_CHARACTERS = 2048

const Chunk = memo(function Chunk({ text }: { readonly text: string }) {
  return <span className="as-chunk">{text}</span>
})

/** Splits text into blocks of whole lines, each boundary fixed once found, so growing text keeps its earlier chunks. */
export function splitIntoChunks(text: string): string[] {
  const chunks: string[] = []
  let start = 0
  while (text.length - start > CHUNK_CHARACTERS) {
    const lineBreak = text.indexOf('\n', start + CHUNK_CHARACTERS)
    if (lineBreak === -1) break
    chunks.push(text.slice(start, lineBreak))
    start = lineBreak + 1
  }
  chunks.push(text.slice(start))
  return chunks
}

/**
 * Long plain text (reasoning, tool arguments and output) as blocks of whole lines: a delta then
 * re-renders and re-lays out only the last block, not one text node of tens of thousands of characters.
 */
export function ChunkedText({ text }: { readonly text: string }) {
  return splitIntoChunks(text).map((chunk, index) => <Chunk key={index} text={chunk} />)
}
