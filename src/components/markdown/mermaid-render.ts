// Loaded with `import()` only once a ```mermaid fence closes, so Mermaid stays in a separate chunk.
import mermaid from 'mermaid'

// diagrams longer than this are not prose: they stay as code
const MAX_SOURCE = 50_000
let initialized = false
let counter = 0

/**
 * Renders Mermaid source to an SVG document (a string), with `securityLevel: 'strict'` (labels are sanitized,
 * no click handlers, no HTML labels). The caller shows it as an image, never as markup in the page: an SVG
 * image can't run script, fetch anything or style the page. Returns null when the source is not a diagram.
 */
export async function renderMermaid(source: string): Promise<string | null> {
  if (source.length > MAX_SOURCE) return null
  if (!initialized) {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      suppressErrorRendering: true,
    })
    initialized = true
  }
  try {
    const { svg } = await mermaid.render(`as-md-mermaid-${++counter}`, source)
    // Mermaid sizes its SVG to the page (`width="100%"`); as an image it needs its own size, from the viewBox
    const box = /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/.exec(svg)
    if (box === null) return svg
    return svg.replace(/^<svg([^>]*?) width="100%"/, `<svg$1 width="${box[1]}" height="${box[2]}"`)
  } catch {
    return null
  }
}
