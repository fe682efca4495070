/** Seconds between two ISO-8601 instants, one decimal, or null when either is unknown. */
export function secondsBetween(start: string | null, end: string | null): string | null {
  if (start === null || end === null) return null
  const milliseconds = Date.parse(end) - Date.parse(start)
  return Number.isFinite(milliseconds) && milliseconds >= 0 ? (milliseconds / 1000).toFixed(1) : null
}
