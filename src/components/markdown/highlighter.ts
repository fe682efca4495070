// Loaded with `import()` only once a code fence closes, so lowlight and highlight.js stay in a separate chunk.
import type { ElementContent } from 'hast'
import { common, createLowlight } from 'lowlight'

/** Highlighted code as plain data: text, and spans carrying an `as-md-tok-*` class. */
export type HighlightNode =
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'span'; readonly className: string; readonly children: readonly HighlightNode[] }

// Grammars are registered on first use, not when the chunk loads, so that load is one cheap task.
const lowlight = createLowlight()
const ALIASES: Readonly<Record<string, string>> = {
  js: 'javascript', jsx: 'javascript', mjs: 'javascript', ts: 'typescript', tsx: 'typescript', py: 'python',
  sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash', yml: 'yaml', html: 'xml', svg: 'xml', md: 'markdown',
  kt: 'kotlin', rs: 'rust', rb: 'ruby', cs: 'csharp', 'c++': 'cpp', h: 'c', golang: 'go', jsonc: 'json',
}

function grammarName(language: string): string | null {
  const lower = language.toLowerCase()
  const name = ALIASES[lower] ?? lower
  const grammar = (common as Record<string, Parameters<typeof lowlight.register>[1] | undefined>)[name]
  if (grammar === undefined) return null
  if (!lowlight.registered(name)) lowlight.register(name, grammar)
  return name
}

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
  const name = grammarName(language)
  if (name === null) return null
  return convert(lowlight.highlight(name, code).children as ElementContent[])
}
