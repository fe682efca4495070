import { describe, expect, it } from 'vitest'
import { parseInline } from '../../../src/components/markdown/inline-parser'

const text = (value: string) => ({ type: 'text', value })

describe('parseInline', () => {
  it('follows the rule of three for mixed runs', () => {
    expect(parseInline('*a**b*', false)).toEqual([{ type: 'emphasis', children: [text('a**b')] }])
  })

  it('does not nest links inside links', () => {
    expect(parseInline('[a [b](c) d](e)', false)).toEqual([
      text('[a '),
      { type: 'link', url: 'c', title: undefined, children: [text('b')] },
      text(' d](e)'),
    ])
  })

  it('decodes escapes and entities inside link destinations and titles', () => {
    expect(parseInline('[x](https://a.b/?q=1&amp;r=2 "say \\"hi\\"")', false)).toEqual([
      { type: 'link', url: 'https://a.b/?q=1&r=2', title: 'say "hi"', children: [text('x')] },
    ])
  })

  it('accepts <…> destinations with spaces', () => {
    expect(parseInline('[x](<my file.md>)', false)[0]).toMatchObject({ type: 'link', url: 'my file.md' })
  })

  it('keeps a bracket that is not a link as text, even in a live tail', () => {
    expect(parseInline('array[0] is first', true)).toEqual([text('array[0] is first')])
  })

  it('closes nested open delimiters innermost first in a live tail', () => {
    expect(parseInline('*a **b ~~c', true)).toEqual([
      { type: 'emphasis', children: [text('a '), { type: 'strong', children: [text('b '), { type: 'delete', children: [text('c')] }] }] },
    ])
  })

  it('leaves a lone intraword asterisk alone in a live tail', () => {
    expect(parseInline('a*b', true)).toEqual([text('a*b')])
  })

  it('hides a partial entity, a trailing backslash and a partial autolink tag at the end of a live tail', () => {
    expect(parseInline('AT&am', true)).toEqual([text('AT')])
    expect(parseInline('a \\', true)).toEqual([text('a ')])
    expect(parseInline('x <di', true)).toEqual([text('x ')])
    // a `<https://…` still being written shows its URL so far, without the `<`
    expect(parseInline('x <https://a.b/c', true)).toEqual([
      text('x '),
      { type: 'link', url: 'https://a.b/c', title: undefined, children: [text('https://a.b/c')] },
    ])
  })

  it('treats only ~~ as strikethrough', () => {
    expect(parseInline('about ~5 or ~~6~~', false)).toEqual([text('about ~5 or '), { type: 'delete', children: [text('6')] }])
  })

  it('stops bare URLs at CJK punctuation and trailing periods', () => {
    expect(parseInline('详见https://a.example/x。再见 https://b.example.', false)).toEqual([
      text('详见'),
      { type: 'link', url: 'https://a.example/x', title: undefined, children: [text('https://a.example/x')] },
      text('。再见 '),
      { type: 'link', url: 'https://b.example', title: undefined, children: [text('https://b.example')] },
      text('.'),
    ])
  })

  it('does not link URLs inside code spans', () => {
    expect(parseInline('`https://a.b/c`', false)).toEqual([{ type: 'inlineCode', value: 'https://a.b/c' }])
  })
})
