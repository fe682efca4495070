// @vitest-environment jsdom
import { createRequire } from 'node:module'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadEntityTable } from '../../../src/components/markdown/entities'
import { runExample, type SpecExample } from './spec-html'

const require = createRequire(import.meta.url)
// The full entity table is a chunk of its own, loaded at the first name the small one lacks (entities.ts)
beforeAll(() => loadEntityTable())

const spec = require('commonmark-spec') as { tests: readonly SpecExample[] }

describe('CommonMark 0.31.2 spec examples (#13)', () => {
  it('renders at least 98% of the examples as specified, raw HTML examples counted apart', () => {
    const failed: string[] = []
    let passed = 0
    let rawHtml = 0
    let rawHtmlPassed = 0
    for (const example of spec.tests) {
      const result = runExample(example)
      if (result.outcome === 'raw-html') {
        rawHtml++
        if (result.actual === result.expected) rawHtmlPassed++
      } else if (result.outcome === 'pass') passed++
      else
        failed.push(
          `#${example.number} ${example.section}\n  md:       ${JSON.stringify(example.markdown)}\n  expected: ${result.expected}\n  actual:   ${result.actual}`,
        )
    }
    const counted = spec.tests.length - rawHtml
    console.info(
      `[commonmark] ${passed}/${counted} passed (${((100 * passed) / counted).toFixed(1)}%), ${rawHtml} raw HTML examples apart (${rawHtmlPassed} of them render as specified anyway)`,
    )
    if (process.env['SPEC_VERBOSE']) console.info(failed.join('\n'))
    expect(spec.tests.length).toBe(652)
    expect(passed / counted, failed.slice(0, 12).join('\n')).toBeGreaterThanOrEqual(0.98)
  }, 60_000)
})
