import { forwardRef, useEffect, useState } from 'react'
import type { HTMLAttributes } from 'react'
import { useAgentComponents } from './components-context'
import type { MediaRendererProps } from './components-context'
import { useAgentStrings } from './i18n'
import { downloadUrl } from './media-source'
import { ownEntry } from './own-entry'

/** Props of {@link MediaView}. */
export interface MediaViewProps extends MediaRendererProps, Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Text for an image without a name. @default the name */
  readonly alt?: string
}

function DownloadLink({ media, name }: MediaRendererProps) {
  const strings = useAgentStrings()
  const [href, setHref] = useState<string | null>(media.url)
  useEffect(() => {
    if (media.base64 === null) return
    const url = downloadUrl(media.base64)
    setHref(url)
    return () => {
      if (url !== null) URL.revokeObjectURL(url)
    }
  }, [media.base64])
  if (href === null) return <span className="as-muted">{name ?? media.mediaType}</span>
  return (
    <a className="as-download" href={href} download={name ?? 'download'} rel="noopener noreferrer">
      {name ? `${name} · ` : ''}
      {strings.download(media.mediaType)}
    </a>
  )
}

/** Shows resolved media inline (image, audio, video) or as a download, through any override in `components.Data`. */
export const MediaView = forwardRef<HTMLElement, MediaViewProps>(function MediaView(
  { media, name, streaming = false, alt, ...rest },
  ref,
) {
  const strings = useAgentStrings()
  const overrides = useAgentComponents().Data
  const Override =
    ownEntry(overrides?.byName, media.mediaType) ?? ownEntry(overrides?.byName, media.kind) ?? overrides?.Fallback
  const body = Override ? (
    <Override media={media} name={name} streaming={streaming} />
  ) : streaming && (media.url === null || media.kind === 'file') ? (
    // A partial file is not offered for download, and its type may still be unknown.
    <span className="as-muted">{strings.mediaLoading}</span>
  ) : media.url === null && media.kind !== 'file' ? (
    <span className="as-muted">{strings.mediaBlocked}</span>
  ) : media.kind === 'image' ? (
    <img src={media.url ?? undefined} alt={name ?? alt ?? ''} loading="lazy" decoding="async" />
  ) : media.kind === 'audio' ? (
    <audio controls preload="metadata" src={media.url ?? undefined} aria-label={name} />
  ) : media.kind === 'video' ? (
    <video controls preload="metadata" src={media.url ?? undefined} aria-label={name} />
  ) : (
    <DownloadLink media={media} name={name} />
  )
  return (
    <figure className="as-media" data-kind={media.kind} data-status={streaming ? 'streaming' : 'done'} {...rest} ref={ref}>
      {body}
      {name && media.kind !== 'file' && <figcaption className="as-muted">{name}</figcaption>}
    </figure>
  )
})
