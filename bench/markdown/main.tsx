/**
 * The streaming markdown benchmark's page: `<StreamingMarkdown>` with the kit's stylesheets in a chat-sized column,
 * a text of one shape and size, then deltas. Each delta is committed at once (flushSync) and laid out (a read of the
 * layout), the work of the frame that shows it but its paint; `window.markdownBench.run()` returns the median.
 */
import { useLayoutEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { StreamingMarkdown } from '../../src/components/markdown/streaming-markdown'
import { shapeDeltas, shapeText, type BrowserDeltaSample } from './shapes'
import '../../src/components/styles.css'
import '../../src/components/markdown/markdown.css'

declare global {
  interface Window {
    markdownBench?: { run: (shape: string, characters: number, deltas: number) => Promise<BrowserDeltaSample> }
  }
}

let setText: ((text: string) => void) | undefined

function Page({ initial }: { readonly initial: string }) {
  const [text, set] = useState(initial)
  useLayoutEffect(() => {
    setText = set
  }, [])
  return (
    <div data-agentscope="" data-theme="light" style={{ maxWidth: 820, height: 680, overflow: 'auto' }}>
      <StreamingMarkdown text={text} streaming />
    </div>
  )
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve))

async function run(shape: string, characters: number, count: number): Promise<BrowserDeltaSample> {
  const container = document.getElementById('root') as HTMLElement
  const { text, lines } = shapeText(shape, characters)
  const root = createRoot(container)
  flushSync(() => root.render(<Page initial={text} />))
  await nextFrame()
  await nextFrame()
  const times: number[] = []
  let current = text
  for (const delta of shapeDeltas(shape, lines, count)) {
    current += delta
    const next = current
    const started = performance.now()
    flushSync(() => setText?.(next))
    void container.offsetHeight
    times.push(performance.now() - started)
    await nextFrame()
  }
  root.unmount()
  times.sort((left, right) => left - right)
  return { shape, characters: text.length, medianMs: times[times.length >> 1] as number, maxMs: times.at(-1) as number }
}

window.markdownBench = { run }
