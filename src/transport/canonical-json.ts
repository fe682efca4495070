import { isJsonObject } from '../core/is-json-object'

/**
 * JSON text with every object's keys sorted, for telling whether two values are the same JSON whatever their key
 * order. Written without recursion: a hostile server's arguments may be nested deeper than the call stack goes.
 */
export function canonicalJson(root: unknown): string {
  const out: string[] = []
  const work: ({ readonly value: unknown } | string)[] = [{ value: root }]
  for (let item = work.pop(); item !== undefined; item = work.pop()) {
    if (typeof item === 'string') {
      out.push(item)
      continue
    }
    const { value } = item
    if (Array.isArray(value)) {
      out.push('[')
      work.push(']')
      for (let index = value.length - 1; index >= 0; index--) work.push({ value: value[index] }, index > 0 ? ',' : '')
    } else if (isJsonObject(value)) {
      const keys = Object.keys(value).sort()
      out.push('{')
      work.push('}')
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index] as string
        work.push({ value: value[key] }, `${index > 0 ? ',' : ''}${JSON.stringify(key)}:`)
      }
    } else {
      out.push(JSON.stringify(value) ?? 'null')
    }
  }
  return out.join('')
}
