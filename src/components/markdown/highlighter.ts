// Loaded with `import()` only once a code fence closes, so lowlight and highlight.js stay in a separate chunk.
import type { ElementContent } from 'hast'
import { common, createLowlight } from 'lowlight'

/** Highlighted code as plain data: text, and spans carrying an `as-md-tok-*` class. */
export type HighlightNode =
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'span'; readonly className: string; readonly children: readonly HighlightNode[] }

const lowlight = createLowlight(common)

function toClassName(value: unknown): string {
  const names = Array.isArray(value) ? value : []
  return names
    .filter((name): name is string => typeof name === 'string' && /^hljs-[\w-]+$/.test(name))
    .map((name) => `as-md-tok-${name.slice(5)}`)
    .join(' ')
}

function convert(nodes: readonly ElementContent[]): HighlightNode[] {
  const out: HighlightNode[] = []
  for (const node of nodes) {
    if (node.type === 'text') out.push({ type: 'text', value: node.value })
    else if (node.type === 'element') {
      out.push({ type: 'span', className: toClassName(node.properties['className']), children: convert(node.children) })
    }
  }
  return out
}

/** Highlights `code` as `language`, or returns null when highlight.js's common set doesn't know it. */
export function highlightCode(code: string, language: string): HighlightNode[] | null {
  if (!lowlight.registered(language)) return null
  return convert(lowlight.highlight(language, code).children as ElementContent[])
}
