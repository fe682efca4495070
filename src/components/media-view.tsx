import { forwardRef, useEffect, useRef, useState } from 'react'
import type { HTMLAttributes, MouseEvent } from 'react'
import { useAgentComponents } from './components-context'
import type { MediaRendererProps } from './components-context'
import { useAgentStrings } from './i18n'
import { hostOf, loadsAtOnce, useMediaPolicy } from './media-policy'
import { downloadUrl, resolveMedia } from './media-source'
import type { ResolvedMedia } from './media-source'
import type { ContentBlock, MediaSource } from '../core/message'
import { ownEntry } from './own-entry'
import { savedName, visibleName } from './visible-name'

/** Props of {@link MediaView}. */
export interface MediaViewProps extends MediaRendererProps, Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Text for an image without a name. @default the name */
  readonly alt?: string
}

// The types know referrerPolicy only on img, a, iframe, link and script; React sets it on audio and video as well.
const NO_REFERRER = { referrerPolicy: 'no-referrer' } as Record<string, string>
// Long enough for the browser to have started saving the file.
const REVOKE_AFTER_MS = 60_000

function DownloadLink({ media, name }: MediaRendererProps) {
  const strings = useAgentStrings()
  if (media.url === null && media.base64 === null) return <bdi className="as-muted">{visibleName(name ?? media.mediaType)}</bdi>
  const base64 = media.base64
  // Inline bytes become a file only when asked for: the object URL is made on the click and let go soon after.
  const onClick =
    base64 === null
      ? undefined
      : (event: MouseEvent<HTMLAnchorElement>) => {
          const url = downloadUrl(base64)
          if (url === null) {
            event.preventDefault()
            return
          }
          event.currentTarget.href = url
          setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
        }
  return (
    <a
      className="as-download"
      href={media.url ?? '#'}
      download={name ? savedName(name) : 'download'}
      rel="noopener noreferrer"
      referrerPolicy="no-referrer"
      onClick={onClick}
    >
      {name && (
        <>
          <bdi>{visibleName(name)}</bdi> ·{' '}
        </>
      )}
      {strings.download(visibleName(media.mediaType))}
    </a>
  )
}

// A thumbnail that opens the image in a modal dialog (Escape, the close button or a click outside closes it).
function Thumbnail({ src, alt }: { readonly src: string; readonly alt: string }) {
  const strings = useAgentStrings()
  const dialog = useRef<HTMLDialogElement>(null)
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const node = dialog.current
    if (open && node !== null && !node.open) {
      if (typeof node.showModal === 'function') node.showModal()
      else node.setAttribute('open', '')
    }
  }, [open])
  const close = () => {
    dialog.current?.close?.()
    setOpen(false)
  }
  return (
    <>
      <button type="button" className="as-thumb" aria-label={strings.openImage(alt)} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <img src={src} alt={alt} loading="lazy" decoding="async" referrerPolicy="no-referrer" />
      </button>
      {open && (
        <dialog
          ref={dialog}
          className="as-lightbox"
          aria-label={alt || strings.mediaKind.image}
          onClose={() => setOpen(false)}
          onClick={(event) => {
            if (event.target === event.currentTarget) close()
          }}
        >
          <img src={src} alt={alt} referrerPolicy="no-referrer" />
          <button type="button" className="as-lightbox-close" onClick={close}>
            {strings.closeImage}
          </button>
        </dialog>
      )}
    </>
  )
}

// Remote media waits behind a button naming its host, unless the app's mediaPolicy allows that origin.
function Gate({ media, onLoad }: { readonly media: ResolvedMedia; readonly onLoad: () => void }) {
  const strings = useAgentStrings()
  return (
    <button type="button" className="as-media-gate" title={media.url ?? undefined} onClick={onLoad}>
      {strings.loadMedia(strings.mediaKind[media.kind], hostOf(media.url ?? ''))}
    </button>
  )
}

/** Shows resolved media inline (image, audio, video) or as a download, through any override in `components.Data`. */
export const MediaView = forwardRef<HTMLElement, MediaViewProps>(function MediaView({ media, name, streaming = false, alt, ...rest }, ref) {
  const strings = useAgentStrings()
  const policy = useMediaPolicy()
  const [clicked, setClicked] = useState(false)
  // a name from the server (a file's, an image's) read as it is spelled: an override cannot turn `.exe` into `.pdf`
  const shown = name === undefined ? undefined : visibleName(name)
  const overrides = useAgentComponents().Data
  const Override = ownEntry(overrides?.byName, media.mediaType) ?? ownEntry(overrides?.byName, media.kind) ?? overrides?.Fallback
  const gated = media.url !== null && media.kind !== 'file' && !clicked && !loadsAtOnce(media.url, policy)
  const body = Override ? (
    // eslint-disable-next-line react-hooks/static-components -- a renderer the app registered in `components`, the same one on every render
    <Override media={media} name={name} streaming={streaming} />
  ) : streaming && (media.url === null || media.kind === 'file') ? (
    // A partial file is not offered for download, and its type may still be unknown.
    <span className="as-muted">{strings.mediaLoading}</span>
  ) : media.url === null && media.kind !== 'file' ? (
    <span className="as-muted">{strings.mediaBlocked}</span>
  ) : gated ? (
    <Gate media={media} onLoad={() => setClicked(true)} />
  ) : media.kind === 'image' ? (
    <Thumbnail src={media.url ?? ''} alt={shown ?? alt ?? ''} />
  ) : media.kind === 'audio' ? (
    // referrerpolicy is not an attribute of media elements in every browser yet: the page's Referrer-Policy covers them
    <audio controls preload="metadata" src={media.url ?? undefined} aria-label={shown} {...NO_REFERRER} />
  ) : media.kind === 'video' ? (
    <video controls preload="metadata" src={media.url ?? undefined} aria-label={shown} {...NO_REFERRER} />
  ) : (
    <DownloadLink media={media} name={name} />
  )
  return (
    <figure className="as-media" data-kind={media.kind} data-status={streaming ? 'streaming' : 'done'} {...rest} ref={ref}>
      {body}
      {shown && media.kind !== 'file' && (
        <figcaption className="as-muted">
          <bdi>{shown}</bdi>
        </figcaption>
      )}
    </figure>
  )
})

/** Props of {@link SourcedMediaView}: a content block's media source, in place of the resolved media. */
export interface SourcedMediaViewProps extends Omit<MediaViewProps, 'media'> {
  readonly source: MediaSource | null
  readonly blockType: ContentBlock['type']
}

/** The media of a content block, resolved and checked here (in the media chunk, see chat-parts); nothing when it can't be shown. */
export const SourcedMediaView = forwardRef<HTMLElement, SourcedMediaViewProps>(function SourcedMediaView({ source, blockType, ...rest }, ref) {
  const media = resolveMedia(source, blockType)
  return media === null ? null : <MediaView media={media} {...rest} ref={ref} />
})
