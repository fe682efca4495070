import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { parseMarkdownBlocks } from '../../../src/components/markdown/parse-markdown'
import { StreamingMarkdown } from '../../../src/components/markdown/streaming-markdown'
import type { BlockNode, InlineNode, MarkdownBlock } from '../../../src/components/markdown/types'

/** Hostile shapes, each a function of a repeat count: the inputs of issue #11 and the ones that break parsers. */
export const ADVERSARIAL: Readonly<Record<string, (count: number) => string>> = {
  'a run of asterisks on each side (#11)': (count) => `${'*'.repeat(count)}x${'*'.repeat(count)}`,
  'nested brackets then a link tail (#11)': (count) => `${'['.repeat(count)}x${']'.repeat(count)}(http://a)`,
  'a wide table header over short rows (#11)': (count) => `|${'a|'.repeat(count)}\n|${'-|'.repeat(count)}\n${'|x|\n'.repeat(200)}`,
  'a table at the column limit over short rows': (count) => `|${'a|'.repeat(128)}\n|${'-|'.repeat(128)}\n${'|x|\n'.repeat(count)}`,
  'link destinations that never close': (count) => '[a](b'.repeat(count),
  'link titles that never close': (count) => '[a](b "'.repeat(count),
  'backtick runs of growing length': (count) => Array.from({ length: count }, (_, index) => `${'`'.repeat(1 + (index % 64))}a`).join(''),
  'nested emphasis openers and closers': (count) => `${'*a '.repeat(count)}x${' a*'.repeat(count)}`,
  'alternating emphasis kinds': (count) => '*_'.repeat(count) + 'x' + '_*'.repeat(count),
  'closers without openers': (count) => 'a* '.repeat(count),
  'openers without closers': (count) => '_a '.repeat(count),
  'strikethrough runs': (count) => '~a ~~b '.repeat(count),
  'unclosed images': (count) => '![a '.repeat(count),
  'links inside links': (count) => `${'[a '.repeat(count)}[b](c)${' d](e)'.repeat(count)}`,
  'reference labels of every length': (count) => Array.from({ length: count }, (_, index) => `[${'x'.repeat(index % 1200)}]`).join(' '),
  'full references that never close': (count) => '[a][b'.repeat(count),
  'a reference used many times': (count) => `[r]: /${'u'.repeat(2000)} "${'t'.repeat(500)}"\n\n${'[r]'.repeat(count)}`,
  'many definitions': (count) => Array.from({ length: count }, (_, index) => `[d${index}]: /u${index}`).join('\n'),
  'deep block quotes': (count) => `${'>'.repeat(count)} deep\n`.repeat(4),
  'deep lists': (count) => Array.from({ length: Math.min(count, 4000) }, (_, index) => `${' '.repeat(index * 2)}- x`).join('\n'),
  'deep ordered lists': (count) => Array.from({ length: Math.min(count, 4000) }, (_, index) => `${' '.repeat(index * 3)}1. x`).join('\n'),
  'list markers in quotes': (count) => '> - > 1. '.repeat(count),
  'empty list items': (count) => '-\n'.repeat(count),
  'partial entities': (count) => '&amp'.repeat(count),
  'angle brackets': (count) => '<a'.repeat(count),
  'autolink openers': (count) => '<http://a'.repeat(count),
  'bare URLs that fail': (count) => 'http://_'.repeat(count),
  'www that fail': (count) => 'www._'.repeat(count),
  'at signs': (count) => 'a@'.repeat(count),
  escapes: (count) => '\\'.repeat(count),
  'tabs and spaces': (count) => ' \t'.repeat(count) + 'x',
  'setext underlines': (count) => 'a\n=\n'.repeat(count),
  'open fences': (count) => '```\n'.repeat(count),
  'hard breaks': (count) => 'a  \n'.repeat(count),
  'one long line of text': (count) => 'word '.repeat(count),
}

/** The deepest nesting of nodes under the blocks (a React tree about as deep). */
export function treeDepth(blocks: readonly MarkdownBlock[]): number {
  type Entry = { readonly node: BlockNode | InlineNode; readonly depth: number }
  const stack: Entry[] = blocks.map((block) => ({ node: block.node, depth: 1 }))
  let deepest = 0
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as Entry
    if (depth > deepest) deepest = depth
    const children: (BlockNode | InlineNode)[] = []
    switch (node.type) {
      case 'paragraph':
      case 'heading':
      case 'emphasis':
      case 'strong':
      case 'delete':
      case 'link':
      case 'blockquote': {
        children.push(...node.children)
        break
      }
      case 'list': {
        // ul > li: two elements per level
        for (const item of node.items) for (const child of item.children) stack.push({ node: child, depth: depth + 2 })
        break
      }
      case 'table': {
        for (const cell of [...node.head, ...node.rows.flat()]) children.push(...cell)
        break
      }
      default: {
        break
      }
    }
    for (const child of children) stack.push({ node: child, depth: depth + 1 })
  }
  return deepest
}

/** Parses and renders `text` the way the chat does (final render), returning the markup. */
export function renderMarkup(text: string, streaming = false): string {
  return renderToStaticMarkup(createElement(StreamingMarkdown, { text, streaming }))
}

/** The number of elements in `markup`. */
export function elementCount(markup: string): number {
  let count = 0
  for (let index = markup.indexOf('<'); index !== -1; index = markup.indexOf('<', index + 1)) {
    if (markup[index + 1] !== '/') count++
  }
  return count
}

/** The parse alone, final and live. */
export function parseBoth(text: string): void {
  parseMarkdownBlocks(text, { streaming: false })
  parseMarkdownBlocks(text, { streaming: true })
}
