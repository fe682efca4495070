import { createRoot } from 'react-dom/client'
import { StreamingMarkdown } from '../../../../src/components/markdown/streaming-markdown'

const TEXT = [
  'Inline $e^{i\\pi} + 1 = 0$ and a block:',
  '',
  '$$',
  '\\int_0^1 x^2\\,dx = \\frac{1}{3}',
  '$$',
  '',
  '```mermaid',
  'graph TD',
  '  A[Start] --> B{Ready?}',
  '  B -->|yes| C[Ship]',
  '  B -->|no| A',
  '```',
].join('\n')

// Diagrams with an image shape, which Mermaid would lay out in the page (and so fetch) before any click: the key
// plain, quoted either way, and spelled with an escape
const EXFIL = ['img', '"img"', "'img'", '"im\\x67"']
  .map((key) =>
    ['```mermaid', 'flowchart LR', `  A@{ ${key}: "/exfil?conversation=secret", h: 10, constraint: "on" }`, '  A --> B[Next]', '```'].join('\n'),
  )
  .join('\n\n')

// Diagrams that ask, in their own text, for what would put markup in the page (HTML labels, a looser sanitizer), or
// that carry event handlers and links
const LABELS = [
  `%%{init: {"htmlLabels": true}}%%\nflowchart LR\n  A["<img src='/exfil/init'>"] --> B`,
  `---\nconfig:\n  htmlLabels: true\n---\nflowchart LR\n  A["<img src='/exfil/front-matter'>"] --> B`,
  `%%{init: {"htmlLabels": true, "state": {"htmlLabels": true}}}%%\nstateDiagram-v2\n  s1 : <img src='/exfil/state'>\n  s1 --> s2`,
  `%%{init: {"htmlLabels": true}}%%\nblock-beta\n  a["<img src='/exfil/block'>"]`,
  `%%{init: {"dompurifyConfig": {"ADD_TAGS": ["img"], "ADD_ATTR": ["onerror"]}}}%%\nflowchart LR\n  A["<img src='/exfil/purify' onerror=alert(1)>"] --> B`,
  'sequenceDiagram\n  participant A\n  link A: Dashboard @ /exfil/link\n  A->>A: hello',
  'flowchart LR\n  A["<img src=x onerror=alert(1) onload=alert(2)>"] --> B',
]
  .map((diagram) => `\`\`\`mermaid\n${diagram}\n\`\`\``)
  .join('\n\n')

// `#math` keeps only the formulas, so their violations (none expected) are counted apart from Mermaid's
const VARIANTS: Readonly<Record<string, string>> = { '#math': TEXT.split('```mermaid')[0] ?? '', '#exfil': `${TEXT}\n\n${EXFIL}`, '#labels': LABELS }
const text = VARIANTS[location.hash] ?? TEXT
const root = document.getElementById('root') as HTMLElement
createRoot(root).render(
  <div data-agentscope="">
    <StreamingMarkdown text={text} />
  </div>,
)
