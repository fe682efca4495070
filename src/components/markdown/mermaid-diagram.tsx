import { memo, useEffect, useState } from 'react'
import { loadOnce } from './load-once'

/** Loads the Mermaid chunk once, when the first diagram is complete; later calls share the promise. */
export const loadMermaid = /* @__PURE__ */ loadOnce(() => import('./mermaid-render'))

/** Props of `MermaidDiagram`. */
export interface MermaidDiagramProps {
  /** The diagram's source (a finished ```mermaid fence). */
  readonly source: string
  /** The accessible name of the image. */
  readonly label: string
}

/**
 * A Mermaid diagram, drawn as an `<img>` of the SVG Mermaid made (a `blob:` URL), so none of it is markup in
 * the page: nothing it holds can run, fetch or restyle anything, whatever the CSP. Until it is ready, or when
 * Mermaid can't read the source, nothing is shown here and the code block beside it stays.
 */
export const MermaidDiagram = memo(function MermaidDiagram({ source, label }: MermaidDiagramProps) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    let cancelled = false
    let created: string | null = null
    if (typeof URL.createObjectURL !== 'function') return
    loadMermaid()
      .then((module) => module.renderMermaid(source))
      .then(
        (svg) => {
          if (cancelled || svg === null) return
          created = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))
          setUrl(created)
        },
        () => undefined,
      ) // no Mermaid chunk (offline, blocked): the code stays
    return () => {
      cancelled = true
      if (created !== null) URL.revokeObjectURL(created)
    }
  }, [source])
  if (url === null) return null
  return <img className="as-md-mermaid" src={url} alt={label} decoding="async" />
})
