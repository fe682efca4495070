import type { ContentBlock, MediaSource } from '../core/message'
import { ownEntry } from './own-entry'

/** How a media block can be shown. */
export type MediaKind = 'image' | 'audio' | 'video' | 'file'

/** A media block resolved for display: what to render, from which safe URL. */
export interface ResolvedMedia {
  readonly kind: MediaKind
  readonly mediaType: string
  /** A URL safe to put in `src`/`href`: http(s), blob, or a data URL of an allowed media type; null while unknown. */
  readonly url: string | null
  /** Base64 bytes, for a download when the type may not be shown inline. */
  readonly base64: string | null
}

// Only types a browser renders without running code; no SVG (it can carry script), no HTML, no PDF inline.
const INLINE_TYPES: Readonly<Record<string, MediaKind>> = {
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'image/avif': 'image',
  'audio/mpeg': 'audio',
  'audio/wav': 'audio',
  'audio/x-wav': 'audio',
  'audio/ogg': 'audio',
  'audio/webm': 'audio',
  'audio/aac': 'audio',
  'audio/mp4': 'audio',
  'video/mp4': 'video',
  'video/webm': 'video',
  'video/ogg': 'video',
}

/** Media types the kit shows inline. */
export const INLINE_MEDIA_TYPES: readonly string[] = Object.keys(INLINE_TYPES)

// The type as the model wrote it: anything but a string (a number, an object) is no type.
function normalizeType(mediaType: unknown): string {
  return typeof mediaType === 'string' ? mediaType.split(';')[0]!.trim().toLowerCase() : ''
}

/** Whether a URL from the model may be loaded: http(s) or blob, nothing else. */
export function isSafeMediaUrl(url: string): boolean {
  // Strip what browsers ignore before the scheme, so "java\tscript:" and " javascript:" are caught.
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  return /^(https?:|blob:)/i.test(cleaned)
}

const KIND_BY_BLOCK_TYPE: Readonly<Record<string, MediaKind>> = { image: 'image', audio: 'audio', video: 'video' }

/** Resolves a media source for display; a type that is not allowed inline becomes a download. */
export function resolveMedia(source: MediaSource | null, blockType: ContentBlock['type'] = 'data'): ResolvedMedia | null {
  if (source === null || typeof source !== 'object') return null
  if (source.type === 'url') {
    const mediaType = normalizeType(source.mime_type)
    const kind = ownEntry(INLINE_TYPES, mediaType) ?? ownEntry(KIND_BY_BLOCK_TYPE, blockType) ?? 'file'
    const url = typeof source.url === 'string' && isSafeMediaUrl(source.url) ? source.url : null
    return { kind, mediaType: mediaType || 'application/octet-stream', url, base64: null }
  }
  if (source.type === 'base64') {
    const mediaType = normalizeType(source.media_type) || 'application/octet-stream'
    const data = typeof source.data === 'string' ? source.data : ''
    const kind = ownEntry(INLINE_TYPES, mediaType) ?? 'file'
    const url = kind === 'file' || data === '' ? null : `data:${mediaType};base64,${data}`
    return { kind, mediaType, url, base64: data }
  }
  return null
}

/** A blob URL for downloading base64 bytes; typed as a download so the browser never renders it. */
export function downloadUrl(base64: string): string | null {
  try {
    const binary = atob(base64)
    const bytes = new Uint8Array(binary.length)
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
    return URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }))
  } catch {
    return null
  }
}
