import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createPartialJsonParser } from '../../src/core/partial-json'
import { costPerUnitRatio } from '../fixtures/cost-ratio'

/** JSON text of arbitrary values: any Unicode, indented or not, sometimes with non-ASCII written as `\u` escapes. */
const jsonText = fc
  .record({
    value: fc.oneof(fc.jsonValue(), fc.jsonValue({ stringUnit: 'binary' }), fc.jsonValue({ stringUnit: 'grapheme' })),
    indent: fc.constantFrom(undefined, 2, '\t'),
    escapeNonAscii: fc.constantFrom('no', 'lower', 'upper'),
  })
  .map(({ value, indent, escapeNonAscii }) => {
    const text = JSON.stringify(value, null, indent)
    if (escapeNonAscii === 'no') return text
    // Outside strings JSON is pure ASCII, so this only rewrites string contents (astral chars become escape pairs).
    return text.replace(/[\u0080-\uffff]/g, (character) => {
      const hex = character.charCodeAt(0).toString(16).padStart(4, '0')
      return `\\u${escapeNonAscii === 'upper' ? hex.toUpperCase() : hex}`
    })
  })

/** A text with the positions where it gets cut into pushed fragments. */
const chunkedJsonText = jsonText.chain((text) =>
  fc.record({
    text: fc.constant(text),
    chunks: fc.array(fc.nat(text.length), { maxLength: 12 }).map((cuts) => splitAt(text, cuts)),
  }),
)

function splitAt(text: string, cuts: number[]): string[] {
  const positions = [0, ...[...cuts].sort((left, right) => left - right), text.length]
  const chunks: string[] = []
  for (let index = 1; index < positions.length; index++) {
    chunks.push(text.slice(positions[index - 1], positions[index]))
  }
  return chunks
}

function parseAll(chunks: readonly string[]) {
  const parser = createPartialJsonParser()
  for (const chunk of chunks) parser.push(chunk)
  return parser
}

/** Whether `partial` could show while `final` streams: completed parts equal, the one in progress a prefix. */
function isPrefixOf(partial: unknown, final: unknown): boolean {
  if (partial === undefined) return true
  if (typeof partial === 'string') return typeof final === 'string' && final.startsWith(partial)
  // A number in progress shows its last valid prefix (`12.` as 12), which need not equal the final number.
  if (typeof partial === 'number') return typeof final === 'number' && !Number.isNaN(partial)
  if (Array.isArray(partial)) {
    if (!Array.isArray(final) || partial.length > final.length) return false
    return partial.every((item, index) => (index === partial.length - 1 ? isPrefixOf(item, final[index]) : isDeepStrictEqual(item, final[index])))
  }
  if (typeof partial === 'object' && partial !== null) {
    if (typeof final !== 'object' || final === null || Array.isArray(final)) return false
    const finalMembers = final as Record<string, unknown>
    const partialMembers = partial as Record<string, unknown>
    const differing = Object.keys(partialMembers).filter(
      (key) => !Object.hasOwn(finalMembers, key) || !isDeepStrictEqual(partialMembers[key], finalMembers[key]),
    )
    const [key] = differing
    if (key === undefined) return true
    if (differing.length > 1 || !Object.hasOwn(finalMembers, key)) return false
    return isPrefixOf(partialMembers[key], finalMembers[key])
  }
  return partial === final
}

/** Whether `next` reuses the completed parts of `previous`: all but the last element (or one member) are identical. */
function keepsCompletedParts(previous: unknown, next: unknown): boolean {
  if (previous === next || typeof previous !== 'object' || previous === null) return true
  if (Array.isArray(previous)) {
    if (!Array.isArray(next)) return false
    const last = previous.length - 1
    return previous.every((item, index) => (index === last ? keepsCompletedParts(item, next[index]) : item === next[index]))
  }
  const previousMembers = previous as Record<string, unknown>
  const nextMembers = next as Record<string, unknown>
  const replaced = Object.keys(previousMembers).filter((key) => previousMembers[key] !== nextMembers[key])
  const [key] = replaced
  return key === undefined || (replaced.length === 1 && keepsCompletedParts(previousMembers[key], nextMembers[key]))
}

describe('createPartialJsonParser', () => {
  it('ends with the value JSON.parse gives, however the text is split', () => {
    fc.assert(
      fc.property(chunkedJsonText, ({ text, chunks }) => {
        const parser = parseAll(chunks)
        expect(parser.value()).toEqual(JSON.parse(text))
        expect(parser.status).toBe('complete')
        expect(parser.length).toBe(text.length)
      }),
      { numRuns: 300 },
    )
  })

  it('shows only prefixes of the final value while the text streams', () => {
    fc.assert(
      fc.property(chunkedJsonText, ({ text, chunks }) => {
        const final: unknown = JSON.parse(text)
        const parser = createPartialJsonParser()
        for (const chunk of chunks) {
          parser.push(chunk)
          expect(isPrefixOf(parser.value(), final)).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('shows prefixes at every single character too', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        const final: unknown = JSON.parse(text)
        const parser = createPartialJsonParser()
        for (const character of text) {
          parser.push(character)
          expect(isPrefixOf(parser.value(), final)).toBe(true)
        }
      }),
      { numRuns: 100 },
    )
  })

  it('reuses completed parts from one value() to the next', () => {
    fc.assert(
      fc.property(chunkedJsonText, ({ chunks }) => {
        const parser = createPartialJsonParser()
        let previous: unknown
        for (const chunk of chunks) {
          parser.push(chunk)
          const next = parser.value()
          expect(keepsCompletedParts(previous, next)).toBe(true)
          previous = next
        }
      }),
      { numRuns: 300 },
    )
  })

  it('agrees with JSON.parse on whether arbitrary text is one complete document', () => {
    const token = fc.constantFrom(...'{}[],:"\\u01-+.etn a\n'.split(''), 'rue', 'ull', 'alse')
    const tokenSoup = fc.array(token, { maxLength: 30 }).map((tokens) => tokens.join(''))
    const anyText = fc.oneof(tokenSoup, fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'binary-ascii' }), jsonText)
    fc.assert(
      fc.property(anyText, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const parser = parseAll(
          splitAt(
            text,
            cuts.map((cut) => cut % (text.length + 1)),
          ),
        )
        let expected: { ok: true; value: unknown } | { ok: false }
        try {
          expected = { ok: true, value: JSON.parse(text) }
        } catch {
          expected = { ok: false }
        }
        expect(parser.status === 'complete').toBe(expected.ok)
        if (expected.ok) expect(parser.value()).toEqual(expected.value)
      }),
      { numRuns: 1000 },
    )
  })

  it('never throws, whatever it is given', () => {
    const garbage = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'binary-ascii' }))
    fc.assert(
      fc.property(fc.array(garbage), (chunks) => {
        const parser = createPartialJsonParser()
        for (const chunk of chunks) {
          parser.push(chunk)
          parser.value()
        }
        expect(['empty', 'partial', 'complete', 'invalid']).toContain(parser.status)
      }),
    )
    const parser = createPartialJsonParser()
    parser.push('[1')
    expect(() => parser.push(undefined as unknown as string)).not.toThrow()
    expect(() => parser.push(42 as unknown as string)).not.toThrow()
    expect(parser.value()).toEqual([1])
  })

  it('reports empty, partial and complete', () => {
    const parser = createPartialJsonParser()
    expect(parser.status).toBe('empty')
    expect(parser.value()).toBeUndefined()
    parser.push('  \n')
    expect(parser.status).toBe('empty')
    parser.push('{"a":')
    expect(parser.status).toBe('partial')
    parser.push('[]}')
    expect(parser.status).toBe('complete')
    parser.push(' \r\n\t')
    expect(parser.status).toBe('complete')
    expect(parser.length).toBe(15)
  })

  it('becomes invalid at the first syntax error and keeps the value from just before it', () => {
    const parser = createPartialJsonParser()
    parser.push('{"a":1,')
    parser.push(',}')
    expect(parser.status).toBe('invalid')
    expect(parser.value()).toEqual({ a: 1 })
    expect(parser.length).toBe(7)
    parser.push('"b":2}')
    expect(parser.value()).toEqual({ a: 1 })
    expect(parser.length).toBe(7)
  })

  it('keeps the partial string when a bad escape breaks it', () => {
    const parser = createPartialJsonParser()
    parser.push('{"a":"he\\x"}')
    expect(parser.status).toBe('invalid')
    expect(parser.value()).toEqual({ a: 'he' })
  })

  it('rejects what JSON.parse rejects: trailing commas, raw control characters, bad escapes, leading zeros', () => {
    const texts = ['[1,]', '{"a":1,}', '"a\u0001"', '"\u001f"', '"\\u12g4"', '"\\x"', '01', '[.5]', '[1.]']
    for (const text of [...texts, '[1 2]', '\u00a01', '\f1', '{"a" 1}', '[tru]', "{'a':1}"]) {
      const parser = createPartialJsonParser()
      parser.push(text)
      expect(parser.status, text).toBe('invalid')
    }
  })

  it('becomes invalid on non-whitespace after a complete value, keeping that value', () => {
    const parser = createPartialJsonParser()
    parser.push('{"a":[1]}')
    const completed = parser.value()
    parser.push('  x')
    expect(parser.status).toBe('invalid')
    expect(parser.value()).toBe(completed)
    expect(parser.length).toBe(11)
  })

  it('treats a second top-level value as an error', () => {
    const parser = createPartialJsonParser()
    parser.push('1 2')
    expect(parser.status).toBe('invalid')
    expect(parser.value()).toBe(1)
  })

  it('shows a number in progress as its longest valid prefix', () => {
    const steps: [string, unknown][] = [
      ['[-', []],
      ['3', [-3]],
      ['.', [-3]],
      ['5', [-3.5]],
      ['e', [-3.5]],
      ['-', [-3.5]],
      ['1', [-0.35]],
      [',1', [-0.35, 1]],
      ['2', [-0.35, 12]],
      [']', [-0.35, 12]],
    ]
    const parser = createPartialJsonParser()
    for (const [chunk, expected] of steps) {
      parser.push(chunk)
      expect(parser.value(), chunk).toEqual(expected)
    }
  })

  it('shows the longest valid prefix of a number that a single push leaves unfinished', () => {
    const cases = [
      ['[-3.5e', [-3.5]],
      ['[1e+', [1]],
      ['[0.', [0]],
      ['[-', []],
      ['[-0', [-0]],
    ] as const
    for (const [text, expected] of cases) {
      const parser = createPartialJsonParser()
      parser.push(text)
      expect(parser.value(), text).toEqual(expected)
    }
  })

  it('calls a top-level number complete only while its text is a whole number', () => {
    const parser = createPartialJsonParser()
    parser.push('12')
    expect(parser.status).toBe('complete')
    expect(parser.value()).toBe(12)
    parser.push('.')
    expect(parser.status).toBe('partial')
    expect(parser.value()).toBe(12)
    parser.push('5 ')
    expect(parser.status).toBe('complete')
    expect(parser.value()).toBe(12.5)
  })

  it('leaves out literals in progress until they are complete', () => {
    const parser = createPartialJsonParser()
    parser.push('{"a":tru')
    expect(parser.value()).toEqual({})
    parser.push('e,"b":[nul')
    expect(parser.value()).toEqual({ a: true, b: [] })
    parser.push('l,fals')
    expect(parser.value()).toEqual({ a: true, b: [null] })
  })

  it('leaves out a key until its value has started', () => {
    const parser = createPartialJsonParser()
    const steps: [string, unknown][] = [
      ['{"ke', {}],
      ['y"', {}],
      [' :', {}],
      [' "', { key: '' }],
      ['v', { key: 'v' }],
      ['", "nested": {', { key: 'v', nested: {} }],
      ['"deep": [[', { key: 'v', nested: { deep: [[]] } }],
    ]
    for (const [chunk, expected] of steps) {
      parser.push(chunk)
      expect(parser.value(), chunk).toEqual(expected)
    }
  })

  it('joins a surrogate pair split between two pushes', () => {
    const parser = createPartialJsonParser()
    parser.push('["a\uD83D')
    expect(parser.value()).toEqual(['a\uD83D'])
    parser.push('\uDE00b"]')
    expect(parser.value()).toEqual(['a😀b'])
    expect(parser.status).toBe('complete')
  })

  it('decodes a \\u escape pair split anywhere across pushes', () => {
    const parser = createPartialJsonParser()
    parser.push('"x\\uD8')
    expect(parser.value()).toBe('x')
    parser.push('3D\\')
    expect(parser.value()).toBe('x\uD83D')
    parser.push('uDE')
    expect(parser.value()).toBe('x\uD83D')
    parser.push('00"')
    expect(parser.value()).toBe('x😀')
    expect(parser.status).toBe('complete')
  })

  it('leaves out a dangling backslash until its escape is complete', () => {
    const parser = createPartialJsonParser()
    parser.push('{"a":"line\\')
    expect(parser.value()).toEqual({ a: 'line' })
    parser.push('n\\"')
    expect(parser.value()).toEqual({ a: 'line\n"' })
  })

  it('returns the identical object when nothing was pushed since the last call', () => {
    const parser = createPartialJsonParser()
    parser.push('{"a":[1,{"b":"c')
    const first = parser.value()
    expect(parser.value()).toBe(first)
    expect(parser.value()).toBe(first)
  })

  it('returns the identical object when a push changes nothing visible', () => {
    const parser = createPartialJsonParser()
    parser.push('{"a":[1,2]')
    const first = parser.value()
    parser.push('  ,  "ke')
    expect(parser.value()).toBe(first)
    parser.push('y" :  ')
    expect(parser.value()).toBe(first)
    parser.push('tru')
    expect(parser.value()).toBe(first)
  })

  it('keeps completed members identical while the document grows', () => {
    const parser = createPartialJsonParser()
    parser.push('{"done":{"b":[1,2]},"list":[{"x":1},"str')
    const first = parser.value() as { done: object; list: unknown[] }
    parser.push('ing","more')
    const second = parser.value() as { done: object; list: unknown[] }
    expect(second).not.toBe(first)
    expect(second.done).toBe(first.done)
    expect(second.list[0]).toBe(first.list[0])
    parser.push('"]}')
    const final = parser.value()
    expect((final as { done: object }).done).toBe(first.done)
    expect(parser.value()).toBe(final)
    parser.push('\n')
    expect(parser.value()).toBe(final)
  })

  it('never mutates an object it has returned', () => {
    const parser = createPartialJsonParser()
    parser.push('{"a":[1,')
    const first = parser.value()
    const copy = structuredClone(first)
    parser.push('2,3],"b":{"c":1}}')
    expect(first).toEqual(copy)
    expect(parser.value()).toEqual({ a: [1, 2, 3], b: { c: 1 } })
  })

  it('lets the last duplicate key win, in the first position, as JSON.parse does', () => {
    const text = '{"a":1,"b":2,"a":{"c":3}}'
    const parser = parseAll([text])
    expect(parser.value()).toEqual({ a: { c: 3 }, b: 2 })
    expect(Object.keys(parser.value() as object)).toEqual(Object.keys(JSON.parse(text) as object))
  })

  it('keeps a "__proto__" key as an own property without touching prototypes', () => {
    const text = '{"__proto__":{"polluted":true},"open":{"__proto__":{"x":1'
    const parser = createPartialJsonParser()
    parser.push(text)
    const partial = parser.value() as Record<string, Record<string, unknown>>
    expect(Object.getPrototypeOf(partial)).toBe(Object.prototype)
    expect(Object.hasOwn(partial, '__proto__')).toBe(true)
    expect(Object.hasOwn(partial.open ?? {}, '__proto__')).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    parser.push('}}}')
    expect(parser.value()).toEqual(JSON.parse(text + '}}}'))
    expect(Object.getPrototypeOf(parser.value())).toBe(Object.prototype)
  })

  it('handles 100,000 nested arrays without overflowing the stack', () => {
    const depth = 100_000
    const parser = createPartialJsonParser()
    parser.push('['.repeat(depth))
    let level: unknown = parser.value()
    let count = 0
    while (Array.isArray(level)) {
      count++
      level = level[0]
    }
    expect(count).toBe(depth)
    for (let index = 0; index < depth; index++) parser.push(']')
    expect(parser.status).toBe('complete')
  })

  it('handles 100,000 nested objects pushed one character at a time', () => {
    const parser = createPartialJsonParser()
    const opening = '{"a":'
    for (let index = 0; index < 100_000; index++) {
      for (const character of opening) parser.push(character)
    }
    expect(parser.status).toBe('partial')
    parser.push('1' + '}'.repeat(100_000))
    expect(parser.status).toBe('complete')
  })

  // Complexity as a ratio of sizes, not a wall-clock limit: the cost per character at 8x the size is ~1x when
  // linear; re-reading the text so far on each push gives ~8x.
  it('parses a document pushed one character at a time at the same cost per character at 32 KB and 256 KB', () => {
    const documentOf = (rows: number) =>
      JSON.stringify({
        rows: Array.from({ length: rows }, (_, index) => ({
          id: index,
          name: `row ${index} \u00e9\ud83d\ude00`,
          tags: ['a', 'b\n"c"'],
          ok: index % 2 === 0,
          score: index / 7,
          extra: null,
        })),
      })
    const pushAll = (text: string, readEvery = Number.POSITIVE_INFINITY) => {
      const parser = createPartialJsonParser()
      for (let index = 0; index < text.length; index++) {
        parser.push(text[index] as string)
        if (index % readEvery === 0) parser.value()
      }
      return parser
    }
    const large = documentOf(2_500)
    expect(large.length).toBeGreaterThan(256_000)
    const parser = pushAll(large, 10_000)
    expect(parser.status).toBe('complete')
    expect(parser.value()).toEqual(JSON.parse(large))
    const ratio = costPerUnitRatio({ small: 312, large: 2_500, prepare: documentOf, work: (text) => pushAll(text) })
    expect(ratio).toBeLessThan(2.5)
  })

  it('grows a long string over 200,000 one-character pushes read every 1,000', () => {
    const parser = createPartialJsonParser()
    parser.push('{"content":"')
    for (let index = 1; index <= 200_000; index++) {
      parser.push(index % 10 === 0 ? '\\n' : 'x')
      if (index % 1_000 === 0) {
        const partial = parser.value() as { content: string }
        expect(partial.content.length).toBe(index)
      }
    }
    parser.push('"}')
    expect(parser.status).toBe('complete')
    expect((parser.value() as { content: string }).content.length).toBe(200_000)
  })
})
