/** A value as an error message names what it got: `null`, `an array`, `the string "…"`, `an object`, `number 42`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `the string "${truncate(value)}"`
  if (typeof value === 'object') return 'an object'
  if (value === undefined) return 'nothing'
  return `${typeof value} ${truncate(String(value))}`
}

/** At most 60 characters of `text`. */
export function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}
