import { createContext, useContext, useState } from 'react'
import { markdownMessages, type MarkdownLocale } from './locale'

/** The locale of the nearest `StreamingMarkdown`, for labels rendered deep inside inline content. */
export const MarkdownLocaleContext = createContext<MarkdownLocale | undefined>(undefined)

/** Props of `RemoteImage`. */
export interface RemoteImageProps {
  readonly src: string
  readonly alt: string
  readonly title?: string
}

// Inline bytes (data:, blob:) show at once; anything fetched from a server waits for a click, since a
// model told to leak the conversation can put it in an image URL that the browser would request on render.
function isInline(src: string): boolean {
  return /^(data|blob):/i.test(src)
}

function hostOf(src: string): string {
  try {
    return new URL(src, 'https://relative.invalid').host.replace('relative.invalid', '')
  } catch {
    return ''
  }
}

/** An image from the model's markdown: inline bytes render, a remote image loads only when the reader asks. */
export function RemoteImage({ src, alt, title }: RemoteImageProps) {
  const messages = markdownMessages(useContext(MarkdownLocaleContext))
  const [load, setLoad] = useState(() => isInline(src))
  if (!load) {
    return (
      <button type="button" className="as-md-image-gate" title={src} onClick={() => setLoad(true)}>
        {messages.loadImage(alt, hostOf(src))}
      </button>
    )
  }
  return <img className="as-md-image" src={src} alt={alt} title={title} loading="lazy" decoding="async" referrerPolicy="no-referrer" />
}
