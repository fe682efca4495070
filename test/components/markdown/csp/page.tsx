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

// `#math` keeps only the formulas, so their violations (none expected) are counted apart from Mermaid's
const text = location.hash === '#math' ? (TEXT.split('```mermaid')[0] ?? '') : TEXT
const root = document.getElementById('root') as HTMLElement
createRoot(root).render(
  <div data-agentscope="">
    <StreamingMarkdown text={text} />
  </div>,
)
