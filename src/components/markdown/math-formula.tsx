import { createElement, memo, type ReactNode } from 'react'
import type { MathNode } from './math-render'
import { useMath } from './use-math'

/** Props of `MathFormula`. */
export interface MathFormulaProps {
  /** The TeX source. */
  readonly tex: string
  /** A display formula (its own line) rather than one inside text. */
  readonly display: boolean
  /** `streaming` while a `$$` block is still open: its source shows, nothing is typeset yet. */
  readonly status: 'streaming' | 'done'
  /** A `$$` block of its own (a `<div>`), rather than math inside a paragraph (a `<span>`). @default false */
  readonly block?: boolean
}

function renderMathNode(node: MathNode, key: number): ReactNode {
  if (node.type === 'text') return node.value
  // the tree is bounded in depth by the math chunk, and holds only MathML tags and presentation attributes
  return createElement(node.tag, { key, ...node.attributes }, ...node.children.map(renderMathNode))
}

/** A formula: its source while it streams or loads, then KaTeX's MathML as React elements. */
export const MathFormula = memo(function MathFormula({ tex, display, status, block = false }: MathFormulaProps) {
  const typeset = useMath(tex, display, status === 'done')
  const Wrapper = block ? 'div' : 'span'
  return (
    <Wrapper className={block ? 'as-md-math-block' : 'as-md-math'} data-display={display ? '' : undefined} data-status={typeset ? 'typeset' : status}>
      {typeset ? renderMathNode(typeset, 0) : <code className="as-md-math-source">{tex}</code>}
    </Wrapper>
  )
})
