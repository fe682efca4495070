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

// `#math` keeps only the formulas, so their violations (none expected) are counted apart from Mermaid's
const text = location.hash === '#math' ? (TEXT.split('```mermaid')[0] ?? '') : location.hash === '#exfil' ? `${TEXT}\n\n${EXFIL}` : TEXT
const root = document.getElementById('root') as HTMLElement
createRoot(root).render(
  <div data-agentscope="">
    <StreamingMarkdown text={text} />
  </div>,
)
