import { memo } from 'react'
import { lazyPart } from '../lazy-part'

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

function MathSource({ tex, display, status, block = false }: MathFormulaProps) {
  const Wrapper = block ? 'div' : 'span'
  return (
    <Wrapper className={block ? 'as-md-math-block' : 'as-md-math'} data-display={display ? '' : undefined} data-status={status}>
      <code className="as-md-math-source">{tex}</code>
    </Wrapper>
  )
}

// KaTeX with what turns its MathML into elements: one chunk, loaded when the first formula is ready to typeset.
// Its source shows meanwhile, and for good when the chunk can't load (offline, blocked).
const typesetMath = /* @__PURE__ */ lazyPart(() => import('./math-typeset').then((module) => module.TypesetMath), MathSource, true)

/** A formula: its source while it streams or loads, then KaTeX's MathML as React elements. */
export const MathFormula = memo(function MathFormula(props: MathFormulaProps) {
  return props.status === 'done' ? <typesetMath.Component {...props} /> : <MathSource {...props} />
})
