/**
 * The growing texts of the markdown benchmark (bench/markdown-bench.ts in Node, bench/markdown/main.tsx in
 * Chromium): the shapes a model writes, each a head and its lines as a function of their index.
 */
export const MARKDOWN_SHAPES: Readonly<Record<string, { readonly head: string; readonly line: (index: number) => string }>> = {
  'short blocks': {
    head: '',
    line: (index) => (index % 3 === 2 ? '\n' : `Paragraph ${index} has **bold**, \`code\` and a [link](https://example.com/${index}).\n`),
  },
  list: { head: '', line: (index) => `- item ${index} with **bold**, \`code\` and [a link](https://example.com/${index})\n` },
  table: {
    head: '| name | value | link |\n|---|:---:|---|\n',
    line: (index) => `| row ${index} | **${index}** | [x](https://example.com/${index}) |\n`,
  },
  'code block': { head: '```ts\n', line: (index) => `const value${index} = compute(${index}, 'text') // a comment\n` },
}

export const MARKDOWN_SIZES = [25_000, 100_000, 400_000] as const

/** The shape's text of at least `characters` characters, and how many lines it took. */
export function shapeText(shape: string, characters: number): { text: string; lines: number } {
  const { head, line } = MARKDOWN_SHAPES[shape] as (typeof MARKDOWN_SHAPES)[string]
  let text = head
  let lines = 0
  while (text.length < characters) text += line(lines++)
  return { text, lines }
}

/** `count` deltas after line `first`: each line in two halves. */
export function shapeDeltas(shape: string, first: number, count: number): string[] {
  const { line } = MARKDOWN_SHAPES[shape] as (typeof MARKDOWN_SHAPES)[string]
  const deltas: string[] = []
  for (let index = first; deltas.length < count; index++) {
    const whole = line(index)
    const half = Math.ceil(whole.length / 2)
    deltas.push(whole.slice(0, half), whole.slice(half))
  }
  return deltas.slice(0, count)
}

/** What the page measures for one shape and size: per delta, from setting the text to its layout done. */
export interface BrowserDeltaSample {
  readonly shape: string
  readonly characters: number
  readonly medianMs: number
  readonly maxMs: number
}
