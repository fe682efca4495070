import { useEffect, useState } from 'react'
import type { MermaidDiagramProps } from './mermaid-diagram'
import { renderMermaid } from './mermaid-render'

// A chunk of its own with Mermaid (see mermaid-diagram): reached only through `import()`.

/** The diagram Mermaid drew from `source`, as an `<img>` of its SVG; nothing until then, or when Mermaid can't read it. */
export function MermaidImage({ source, label }: MermaidDiagramProps) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    let cancelled = false
    let created: string | null = null
    if (typeof URL.createObjectURL !== 'function') return
    renderMermaid(source).then(
      (svg) => {
        if (cancelled || svg === null) return
        created = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))
        setUrl(created)
      },
      () => undefined,
    )
    return () => {
      cancelled = true
      if (created !== null) URL.revokeObjectURL(created)
    }
  }, [source])
  if (url === null) return null
  return <img className="as-md-mermaid" src={url} alt={label} decoding="async" />
}
