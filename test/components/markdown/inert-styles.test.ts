import { describe, expect, it } from 'vitest'
import { restoreStyles } from '../../../src/components/markdown/inert-styles'

describe('restoreStyles (Mermaid under a strict CSP)', () => {
  it('names stored style attributes style again and puts the rules back in one <style> after the root tag', () => {
    const rules = ['#d .node > rect { fill: #ececff; }']
    const sanitized =
      '<svg id="d" viewBox="0 0 10 10">#d .node &gt; rect { fill: #ececff; }<g data-as-inert-style="stroke: red"><text>data-as-inert-style= stays in text</text></g></svg>'
    expect(restoreStyles(sanitized, rules)).toBe(
      '<svg id="d" viewBox="0 0 10 10"><style>#d .node &gt; rect { fill: #ececff; }</style><g style="stroke: red"><text>data-as-inert-style= stays in text</text></g></svg>',
    )
  })

  it('drops the inert stand-in when the sanitizer kept it, and adds nothing without rules', () => {
    expect(restoreStyles('<svg><as-inert-style>a{}</as-inert-style><g/></svg>', [])).toBe('<svg><g/></svg>')
  })
})
