// Loaded with `import()` only once a ```mermaid fence closes, so Mermaid stays in a separate chunk.
import mermaid from 'mermaid'
import { withInertStyles } from './inert-styles'

// diagrams longer than this are not prose: they stay as code
const MAX_SOURCE = 50_000
const IMAGE_KEY = /img/gi
const DATA_IMAGE = /\bimg\s*:\s*["']?data:/gi
let initialized = false
let counter = 0
// Mermaid keeps per-render state in module globals: one diagram at a time.
let queue: Promise<unknown> = Promise.resolve()

/**
 * Renders Mermaid source to an SVG document (a string), with `securityLevel: 'strict'` (labels are sanitized,
 * no click handlers, no HTML labels). The caller shows it as an image, never as markup in the page: an SVG
 * image can't run script, fetch anything or style the page. Mermaid lays the diagram out in the page, in a hidden
 * container where its inline styles are kept inert (see `withInertStyles`), so the strict CSP sees no inline style
 * at all; the styles come back in the image, where they apply. Returns null when the source is not a diagram.
 */
export function renderMermaid(source: string): Promise<string | null> {
  const cached = drawn.get(source)
  if (cached !== undefined) return cached
  const next = queue.then(() => renderOne(source))
  queue = next.catch(() => undefined)
  drawn.set(source, next)
  // the newest few: a message scrolled back into view, or shown again by time travel, is not laid out again
  if (drawn.size > DRAWN_KEPT) drawn.delete(drawn.keys().next().value as string)
  return next
}

// A diagram is laid out on the page's main thread, at a cost that grows faster than its size (a 240-node mindmap,
// 2 KB, took 2.8 s): one with more lines than this stays as code.
const MAX_LINES = 120
const DRAWN_KEPT = 16
const drawn = new Map<string, Promise<string | null>>()

/**
 * Whether the source may hold an image shape (`A@{ img: "https://…" }`), which Mermaid loads at once, with no click,
 * to measure it. Its key can be written `"img"`, `'img'` or spelled with escapes in a quoted string, so after a
 * shape's `@{` there may be no escape and no "img" but in the plain form with a data: URL (which fetches nothing).
 * Such a diagram stays as code. (Every other image Mermaid draws is stopped in the page by `withInertStyles`.)
 */
function mayFetchImage(source: string): boolean {
  const shapeData = source.indexOf('@{')
  if (shapeData === -1) return false
  const rest = source.slice(shapeData)
  return rest.includes('\\') || (rest.match(IMAGE_KEY)?.length ?? 0) !== (rest.match(DATA_IMAGE)?.length ?? 0)
}

async function renderOne(source: string): Promise<string | null> {
  if (source.length > MAX_SOURCE || source.split('\n', MAX_LINES + 1).length > MAX_LINES || mayFetchImage(source)) return null
  if (!initialized) {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      suppressErrorRendering: true,
      // What a diagram's own `%%{init}%%` or front matter may not change (Mermaid's defaults first): HTML labels would
      // put the label markup, images and all, in the page, and the sanitizer's options would let more of it through.
      secure: [
        'secure',
        'securityLevel',
        'startOnLoad',
        'maxTextSize',
        'suppressErrorRendering',
        'maxEdges',
        'htmlLabels',
        'flowchart',
        'class',
        'state',
        'block',
        'dompurifyConfig',
      ],
    })
    initialized = true
  }
  try {
    const id = `as-md-mermaid-${++counter}`
    const svg = await withInertStyles(id, (container) => mermaid.render(id, source, container).then((result) => result.svg))
    // Mermaid sizes its SVG to the page (`width="100%"`); as an image it needs its own size, from the viewBox
    const box = /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/.exec(svg)
    if (box === null) return svg
    return svg.replace(/^<svg([^>]*?) width="100%"/, `<svg$1 width="${box[1]}" height="${box[2]}"`)
  } catch {
    return null
  }
}
