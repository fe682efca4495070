// Loaded with `import()` only once a formula is ready to typeset, so KaTeX stays in a separate chunk.
import katex, { type KatexOptions } from 'katex'

/** Typeset math as plain data: MathML elements and text, nothing else. */
export type MathNode =
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'element'; readonly tag: string; readonly attributes: Readonly<Record<string, string>>; readonly children: readonly MathNode[] }

// formulas longer or deeper than this are not prose: they stay as their source
const MAX_SOURCE = 20_000
const MAX_DEPTH = 64
// A macro defined in the formula is expanded at each use: a long body used a thousand times (maxExpand) is a
// million nodes from 3 KB of source. Chat math has no need to define macros: such a formula stays as its source.
const DEFINES_MACRO = /\\(?:[gex]?def|let|futurelet|global|(?:re)?newcommand|providecommand)(?![a-zA-Z])/
// The MathML of a formula is held to a constant times its source (a plain formula makes 2–4 nodes per character)
const NODES_PER_CHARACTER = 16
const NODES_MINIMUM = 256
// MathML presentation attributes KaTeX writes; anything else (a URL, a handler, a style) is dropped
const ATTRIBUTES = new Set([
  'xmlns',
  'display',
  'mathvariant',
  'mathcolor',
  'mathbackground',
  'displaystyle',
  'scriptlevel',
  'stretchy',
  'fence',
  'separator',
  'lspace',
  'rspace',
  'accent',
  'accentunder',
  'movablelimits',
  'symmetric',
  'minsize',
  'maxsize',
  'columnalign',
  'rowalign',
  'rowspacing',
  'columnspacing',
  'columnlines',
  'rowlines',
  'frame',
  'framespacing',
  'equalrows',
  'equalcolumns',
  'linethickness',
  'width',
  'height',
  'depth',
  'voffset',
  'encoding',
  'notation',
  'largeop',
  'form',
  'open',
  'close',
  'align',
  'side',
  'scriptminsize',
])
const TAG = /^(?:math|semantics|annotation|m[a-z]+)$/

// KaTeX exports the tree it builds as `__renderToDomTree` (untyped): reading it gives data, never an HTML string
const buildTree = (katex as unknown as { readonly __renderToDomTree: (tex: string, options: KatexOptions) => unknown }).__renderToDomTree

interface KatexNode {
  readonly type?: string
  readonly text?: string
  readonly attributes?: Readonly<Record<string, unknown>>
  readonly children?: readonly KatexNode[]
}

interface Budget {
  nodes: number
}

function convert(node: KatexNode, depth: number, budget: Budget): MathNode | null {
  if (depth > MAX_DEPTH) throw new RangeError('formula nested too deep')
  if (--budget.nodes < 0) throw new RangeError('formula too large')
  if (node.children === undefined) return typeof node.text === 'string' ? { type: 'text', value: node.text } : null
  const children: MathNode[] = []
  for (const child of node.children) {
    const converted = convert(child, depth + 1, budget)
    if (converted !== null) children.push(converted)
  }
  // KaTeX wraps its MathML in a `<span class="katex">`: only the MathML is kept
  if (node.type === undefined) return children.length === 1 ? (children[0] ?? null) : null
  if (!TAG.test(node.type)) return null
  const attributes: Record<string, string> = {}
  for (const [name, value] of Object.entries(node.attributes ?? {})) {
    if (ATTRIBUTES.has(name) && typeof value === 'string') attributes[name] = value
  }
  return { type: 'element', tag: node.type, attributes, children }
}

// Groups nested deeper than the MathML may be are known from the source: KaTeX would lay out the whole formula first,
// at a cost that grows with the square of its depth (\frac nested 2,000 deep, 20 KB, took 134 ms in Chromium).
function bracesDeeperThan(tex: string, limit: number): boolean {
  let depth = 0
  for (let index = 0; index < tex.length; index++) {
    const code = tex.charCodeAt(index)
    if (code === 92) index++
    else if (code === 123 && ++depth > limit) return true
    else if (code === 125) depth--
  }
  return false
}

/**
 * Typesets `tex` with KaTeX as MathML (the browser lays it out: no stylesheet, no inline styles, no fonts to
 * fetch), with `trust: false` so `\href`, `\url`, `\includegraphics` and `\html…` are refused. Returns null when
 * the formula can't be typeset, defines a macro, or would make more MathML than a constant times its length, so
 * the caller keeps showing its source.
 */
export function renderMath(tex: string, display: boolean): MathNode | null {
  if (tex.length > MAX_SOURCE || DEFINES_MACRO.test(tex) || bracesDeeperThan(tex, MAX_DEPTH)) return null
  try {
    const tree = buildTree(tex, {
      displayMode: display,
      output: 'mathml',
      throwOnError: false,
      trust: false,
      strict: 'ignore',
      maxExpand: 1000,
      // \rule and the like no larger than this (in em): a 3000em box painted over the turn
      maxSize: 20,
    }) as unknown as KatexNode
    return convert(tree, 0, { nodes: NODES_MINIMUM + NODES_PER_CHARACTER * tex.length })
  } catch {
    return null
  }
}
