import { memo } from 'react'
import { lazyPart } from '../lazy-part'

/** Props of `MermaidDiagram`. */
export interface MermaidDiagramProps {
  /** The diagram's source (a finished ```mermaid fence). */
  readonly source: string
  /** The accessible name of the image. */
  readonly label: string
}

// Mermaid with what draws its picture: one chunk, loaded when the first diagram is complete; when it can't load
// (offline, blocked), the code block beside it stays alone.
const mermaidImage = /* @__PURE__ */ lazyPart(
  () => import('./mermaid-image').then((module) => module.MermaidImage),
  () => null,
  true,
)

/**
 * A Mermaid diagram, drawn as an `<img>` of the SVG Mermaid made (a `blob:` URL), so none of it is markup in
 * the page: nothing it holds can run, fetch or restyle anything, whatever the CSP. Until it is ready, or when
 * Mermaid can't read the source, nothing is shown here and the code block beside it stays.
 */
export const MermaidDiagram = memo(function MermaidDiagram(props: MermaidDiagramProps) {
  return <mermaidImage.Component {...props} />
})
