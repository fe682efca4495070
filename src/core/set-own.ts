/**
 * `record[key] = value` for a key that comes from the wire: assigning `"__proto__"` would replace the record's
 * prototype instead of adding an entry, so that key is defined as an own property, as JSON.parse does.
 */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true })
  else record[key] = value
}
