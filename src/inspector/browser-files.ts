/** Offers `text` as a download named `fileName`; returns false where the page cannot (no Blob URLs). */
export function downloadText(fileName: string, text: string, type: string): boolean {
  if (typeof URL.createObjectURL !== 'function' || typeof document === 'undefined') return false
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked after the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
  return true
}

/** Writes `text` to the clipboard; resolves false when the page may not. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || navigator.clipboard === undefined) return false
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
