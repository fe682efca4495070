import type { DataBlock, MediaSource } from './message'
import type { DataEntry } from './state'

// Magic numbers as they look in base64 (protocol §7.4); RIFF and ftyp are checked on the decoded bytes.
const BASE64_PREFIXES: readonly (readonly [prefix: string, mediaType: string])[] = [
  ['iVBORw0KGgo', 'image/png'],
  ['/9j/', 'image/jpeg'],
  ['R0lGOD', 'image/gif'],
  ['SUQz', 'audio/mpeg'],
  ['//u', 'audio/mpeg'],
  ['//s', 'audio/mpeg'],
  ['JVBERi0', 'application/pdf'],
]

const DATA_URL = /^data:([^;,]+)(?:;[^,]*)?;base64,/i

/** The media type of base64 bytes, sniffed from their first bytes, or null. */
export function sniffMediaType(base64: string): string | null {
  for (const [prefix, mediaType] of BASE64_PREFIXES) if (base64.startsWith(prefix)) return mediaType
  const head = decodeHead(base64, 12)
  if (head.startsWith('RIFF')) {
    const form = head.slice(8, 12)
    if (form === 'WEBP') return 'image/webp'
    if (form === 'WAVE') return 'audio/wav'
  }
  if (head.slice(4, 8) === 'ftyp') return 'video/mp4'
  return null
}

function decodeHead(base64: string, bytes: number): string {
  const groups = base64.slice(0, Math.ceil(bytes / 3) * 4)
  if (groups.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(groups)) return ''
  try {
    return atob(groups)
  } catch {
    return ''
  }
}

/** The source a finished data block gets from its concatenated buffer (kit policy, §7.4); null when empty. */
export function resolveDataSource(raw: string, mediaTypeHint: string | null): MediaSource | null {
  if (raw === '') return null
  const dataUrl = DATA_URL.exec(raw)
  if (dataUrl !== null) {
    return { type: 'base64', media_type: (dataUrl[1] as string).toLowerCase(), data: raw.slice(dataUrl[0].length) }
  }
  if (/^(https?|blob):/i.test(raw)) {
    return mediaTypeHint === null ? { type: 'url', url: raw } : { type: 'url', url: raw, mime_type: mediaTypeHint }
  }
  const mediaType = mediaTypeHint ?? sniffMediaType(raw) ?? 'application/octet-stream'
  return { type: 'base64', media_type: mediaType, data: raw }
}

/** The entry closed with its final source, or null when nothing arrived (the block is dropped). */
export function finalizeDataEntry(entry: DataEntry, endedAt: string | null): DataEntry | null {
  const source = resolveDataSource(entry.raw, entry.mediaTypeHint)
  if (source === null) return null
  const block: DataBlock = { ...entry.block, source }
  return { ...entry, status: 'done', openKey: null, block, endedAt }
}

// Past this many base64 characters, a streaming preview grows by a sixteenth of its size at a time, not at every
// frame: each new preview is a new image for the browser to decode whole, so a large image decoded at every frame
// cost O(its size) a frame. Below it, every whole group shows as it comes.
const PREVIEW_STEPS_FROM = 65_536

/** How much of a streaming block's base64 its preview shows: whole 4-character groups, in steps once it is large. */
export function previewLength(length: number): number {
  const step = length < PREVIEW_STEPS_FROM ? 4 : 2 ** Math.floor(Math.log2(length)) / 16
  return length - (length % step)
}

// The last preview of each streaming block (a block keeps its object while it streams): a frame that did not reach
// the next step gets the same source object, and so the same URL, with nothing to compare or decode again.
const previews = new WeakMap<DataEntry['block'], MediaSource>()

/**
 * What a streaming data block can show so far: its base64 up to the last complete 4-character group (in steps
 * of a sixteenth of its size once it is large), with the media type known from the hint or the first bytes.
 * Finished blocks give their source.
 */
export function dataBlockPreview(entry: DataEntry): MediaSource | null {
  if (entry.status === 'done') return entry.block.source
  const raw = entry.raw
  const length = previewLength(raw.length)
  const last = previews.get(entry.block)
  // Once a preview has a media type and a few groups, the first bytes that decided both are fixed: a frame before the
  // next step reads nothing of the text (reading a string built by appending copies it whole first)
  if (last?.type === 'base64' && last.media_type !== null && last.data.length >= 16 && last.data.length === length) return last
  if (raw === '') return null
  if (/^(https?|blob):/i.test(raw) || raw.startsWith('data:')) return null
  const mediaType = entry.mediaTypeHint ?? sniffMediaType(raw)
  if (last?.type === 'base64' && last.data.length === length && last.media_type === mediaType) return last
  const preview: MediaSource = { type: 'base64', media_type: mediaType, data: raw.slice(0, length) }
  previews.set(entry.block, preview)
  return preview
}
