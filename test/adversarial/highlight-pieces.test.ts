import { describe, expect, it } from 'vitest'
import { highlightCode, highlightPieces } from '../../src/components/markdown/highlighter'
import { costPerUnitRatio } from '../fixtures/cost-ratio'

// Some grammars are superlinear in the text one call gets (typescript on a run of `$`, scss on `a` lines): a block
// is highlighted in bounded pieces, so that its cost grows with its length and no piece is a long task.
const highlightAll = (code: string, language: string) => {
  for (const piece of highlightPieces(code)) highlightCode(piece, language)
}

describe('syntax highlighting of hostile code', () => {
  it('cuts code into pieces of at most 2,000 characters, at line ends where there are any, and keeps every character', () => {
    const lines = Array.from({ length: 300 }, (_, index) => `line ${index} ${'x'.repeat(index % 50)}`).join('\n')
    const pieces = highlightPieces(lines)
    expect(pieces.join('')).toBe(lines)
    expect(pieces.every((piece) => piece.length <= 2_000)).toBe(true)
    expect(pieces.slice(0, -1).every((piece) => piece.endsWith('\n'))).toBe(true)
    const oneLine = '$'.repeat(5_000)
    expect(highlightPieces(oneLine).map((piece) => piece.length)).toEqual([2_000, 2_000, 1_000])
    expect(highlightPieces('a'.repeat(100_001))).toEqual([])
  })

  for (const [language, unit] of [
    ['typescript', '$'],
    ['scss', 'a\n'],
    ['yaml', '?'],
  ] as const) {
    it(`highlights ${language} made of ${JSON.stringify(unit)} in time linear in its length`, () => {
      const ratio = costPerUnitRatio({
        small: 2_000,
        large: 8_000,
        prepare: (size) => unit.repeat(size / unit.length),
        work: (code) => highlightAll(code, language),
        runs: 3,
      })
      // one call for the whole text: 3.8 per unit for typescript, ~4 for the others
      expect(ratio).toBeLessThan(2)
    })
  }
})
