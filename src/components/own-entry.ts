/** `table[key]` for a key the model chose: never a property inherited from Object.prototype ("constructor", "__proto__"). */
export function ownEntry<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined
}
