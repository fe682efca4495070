import { createContext, useContext, useState } from 'react'
import { loadsAtOnce, useMediaPolicy } from '../media-policy'
import { markdownMessages, type MarkdownLocale } from './locale'

/** The locale of the nearest `StreamingMarkdown`, for labels rendered deep inside inline content. */
export const MarkdownLocaleContext = createContext<MarkdownLocale | undefined>(undefined)

/** Props of `RemoteImage`. */
export interface RemoteImageProps {
  readonly src: string
  readonly alt: string
  readonly title?: string
}

function hostOf(src: string): string {
  try {
    return new URL(src, 'https://relative.invalid').host.replace('relative.invalid', '')
  } catch {
    return ''
  }
}

/**
 * An image from the model's markdown, under the chat's `mediaPolicy` as media blocks are: inline bytes (`data:` of
 * an allowed image type, `blob:`; `safeUrl` refused the rest) render, and so does an image from an allowed origin;
 * any other image loads only when the reader asks, since a model told to leak the conversation can put it in an
 * image URL that the browser would request on render. Loaded images send no referrer.
 */
export function RemoteImage({ src, alt, title }: RemoteImageProps) {
  const messages = markdownMessages(useContext(MarkdownLocaleContext))
  const policy = useMediaPolicy()
  const [clicked, setClicked] = useState(false)
  if (!clicked && !loadsAtOnce(src, policy)) {
    return (
      <button type="button" className="as-md-image-gate" title={src} onClick={() => setClicked(true)}>
        {messages.loadImage(alt, hostOf(src))}
      </button>
    )
  }
  return <img className="as-md-image" src={src} alt={alt} title={title} loading="lazy" decoding="async" referrerPolicy="no-referrer" />
}
