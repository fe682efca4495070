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

/**
 * What a streaming data block can show so far: its base64 up to the last complete 4-character
 * group, with the media type known from the hint or the first bytes. Finished blocks give their source.
 */
export function dataBlockPreview(entry: DataEntry): MediaSource | null {
  if (entry.status === 'done') return entry.block.source
  const raw = entry.raw
  if (raw === '') return null
  if (/^(https?|blob):/i.test(raw) || raw.startsWith('data:')) return null
  const data = raw.slice(0, raw.length - (raw.length % 4))
  const mediaType = entry.mediaTypeHint ?? sniffMediaType(raw)
  return { type: 'base64', media_type: mediaType, data }
}
