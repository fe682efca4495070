import { describe, expect, it } from 'vitest'
import { formatJson, prettyJson, summarizeArguments } from '../../src/components/format-json'
import { jsonDiff } from '../../src/components/json-diff'

// `{"a":{"a":…{"a":1}…}}` nested `depth` deep, built without recursion.
function nested(depth: number): unknown {
  let value: unknown = 1
  for (let level = 0; level < depth; level++) value = { a: value }
  return value
}

describe('formatJson', () => {
  it('prints what JSON.stringify prints for shallow values', () => {
    const value = { city: 'Paris', days: [1, 2], nested: { ok: true, none: null }, empty: {}, list: [] }
    expect(prettyJson(value)).toBe(JSON.stringify(value, null, 2))
  })

  // Issue #11: arguments nested 2,000–5,000 deep cost depth² to pretty-print (5 s at 2,000). Indentation stops
  // growing past 12 levels, so the text, and the work, grow with the depth, not its square.
  it('grows linearly with the depth of the value (size ratio, not wall time)', () => {
    const small = formatJson(nested(1_000)).text.length
    const large = formatJson(nested(4_000)).text.length
    expect(large / small).toBeLessThan(4.2)
    // the standard printer grows with the square of the depth
    const standard = (JSON.stringify(nested(4_000), null, 2) ?? '').length / (JSON.stringify(nested(1_000), null, 2) ?? '').length
    expect(standard).toBeGreaterThan(12)
  })

  it('handles 50,000 levels without a stack overflow and stays valid JSON', () => {
    const text = formatJson(nested(50_000)).text
    expect(text.startsWith('{\n  "a": {')).toBe(true)
    expect(JSON.parse(text)).toBeTypeOf('object')
  })

  it('stops at maxChars and says so', () => {
    const big = Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [`key${index}`, 'value']))
    const cut = formatJson(big, { maxChars: 1_000 })
    expect(cut.truncated).toBe(true)
    expect(cut.text.length).toBe(1_000)
    expect(formatJson({ a: 1 }, { maxChars: 1_000 }).truncated).toBe(false)
  })

  it('never throws: a cycle prints as "[circular]", a shared object twice', () => {
    const shared = { x: 1 }
    const cyclic: Record<string, unknown> = { shared, again: shared }
    cyclic.self = cyclic
    expect(JSON.parse(prettyJson(cyclic))).toEqual({ shared: { x: 1 }, again: { x: 1 }, self: '[circular]' })
  })
})

describe('summarizeArguments', () => {
  it('is the single string argument, or the first few pairs', () => {
    expect(summarizeArguments({ command: 'rm -rf ./build' })).toBe('rm -rf ./build')
    expect(summarizeArguments({ city: 'Paris', unit: 'c', days: 3, options: { a: 1 }, more: [1] })).toBe('city: Paris, unit: c, days: 3, …')
    expect(summarizeArguments({ query: 'x'.repeat(500) }).length).toBe(80)
  })
})

describe('jsonDiff', () => {
  it('stays linear for arguments thousands of lines long', () => {
    const before = Object.fromEntries(Array.from({ length: 3_000 }, (_, index) => [`k${index}`, index]))
    const after = { ...before, k1500: 'changed' }
    const diff = jsonDiff(before, after)
    expect(diff.filter((line) => line.change === 'removed').map((line) => line.text)).toEqual(['-   "k1500": 1500,'])
    expect(diff.filter((line) => line.change === 'added').map((line) => line.text)).toEqual(['+   "k1500": "changed",'])
  })
})
