import { createElement, useMemo, type ReactNode } from 'react'
import type { MathFormulaProps } from './math-formula'
import { renderMath, type MathNode } from './math-render'

// A chunk of its own with KaTeX (see math-formula): reached only through `import()`.

const CACHE_LIMIT = 500
const cache = new Map<string, MathNode | null>()

function typeset(tex: string, display: boolean): MathNode | null {
  const key = `${display ? 'D' : 'I'}\u0000${tex}`
  if (cache.has(key)) return cache.get(key) ?? null
  const node = renderMath(tex, display)
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '')
  cache.set(key, node)
  return node
}

function renderMathNode(node: MathNode, key: number): ReactNode {
  if (node.type === 'text') return node.value
  // the tree is bounded in depth by the math chunk, and holds only MathML tags and presentation attributes
  // children as one array, not spread as arguments: a wide row would overflow the call stack
  return createElement(node.tag, { key, ...node.attributes }, node.children.map(renderMathNode))
}

/** A finished formula as KaTeX's MathML, in React elements; its source when KaTeX can't typeset it. */
export function TypesetMath({ tex, display, status, block = false }: MathFormulaProps) {
  const node = useMemo(() => typeset(tex, display), [tex, display])
  const Wrapper = block ? 'div' : 'span'
  return (
    <Wrapper className={block ? 'as-md-math-block' : 'as-md-math'} data-display={display ? '' : undefined} data-status={node ? 'typeset' : status}>
      {node ? renderMathNode(node, 0) : <code className="as-md-math-source">{tex}</code>}
    </Wrapper>
  )
}
