import { dataBlock } from '../core/build-message'
import type { DataBlock } from '../core/message'

/** A file the user attached, checked and ready to preview. */
export interface Attachment {
  readonly id: string
  readonly file: File
  /** An object URL for the preview of an image, revoked when the attachment goes. */
  readonly previewUrl: string | null
}

/** Rules for attachments. */
export interface AttachmentPolicy {
  /** Allowed media types; `image/*` allows every image type. */
  readonly accept: readonly string[]
  /** The largest file, in bytes. */
  readonly maxBytes: number
}

/** What the composer accepts unless told otherwise: common images, audio, video, PDF and plain text, up to 10 MB. */
export const DEFAULT_ATTACHMENT_POLICY: AttachmentPolicy = {
  accept: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'audio/mpeg', 'audio/wav', 'video/mp4', 'application/pdf', 'text/plain'],
  maxBytes: 10 * 1024 * 1024,
}

/** Why a file was refused, or null when it may be attached. */
export function attachmentProblem(file: File, policy: AttachmentPolicy): 'type' | 'size' | null {
  const type = file.type.toLowerCase()
  const allowed = policy.accept.some((pattern) => (pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern.toLowerCase()))
  if (!allowed) return 'type'
  return file.size > policy.maxBytes ? 'size' : null
}

/** A size for people: 1.5 MB, 320 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MB`
  return `${Math.ceil(bytes / 1024)} KB`
}

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer)
  let binary = ''
  const chunk = 0x8000
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + chunk))
  }
  return btoa(binary)
}

/** The data block an attachment becomes in the user's message. */
export async function attachmentBlock(attachment: Attachment): Promise<DataBlock> {
  const base64 = toBase64(await attachment.file.arrayBuffer())
  return dataBlock({ base64, mediaType: attachment.file.type.toLowerCase() }, { name: attachment.file.name })
}
