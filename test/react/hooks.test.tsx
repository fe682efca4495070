// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { memo } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createSseTransport } from '../../src/core'
import { AgentProvider } from '../../src/react/agent-provider'
import { useAgentStream } from '../../src/react/use-agent-stream'
import { useBlock } from '../../src/react/use-block'
import { useToolCall } from '../../src/react/use-tool-call'
import { useTurnBlockKeys } from '../../src/react/use-turn'
import { createAgentStore } from '../../src/store/create-agent-store'
import type { AgentStore } from '../../src/store/agent-store-state'
import type { FrameScheduler } from '../../src/session/frame-scheduler'
import { frame, startHttpServer } from '../fixtures/http-server'
import { end, event, start, text, textEnd, textStart, thinking, toolDelta, toolEnd, toolStart } from '../fixtures/script'

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

// Streams `events` in bursts of `burst` frames, one burst per macrotask, like a fast real server.
async function serve(events: Record<string, unknown>[], burst = 64, options: { scheduleFrame?: FrameScheduler } = {}) {
  const server = await startHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    let index = 0
    const write = () => {
      if (index >= events.length) return void response.end()
      response.write(
        events
          .slice(index, (index += burst))
          .map(frame)
          .join(''),
      )
      setImmediate(write)
    }
    write()
  })
  close = server.close
  return createAgentStore({ ...options, transport: createSseTransport({ url: `${server.url}/api`, sessionId: 's' }) })
}

const renders = new Map<string, number>()
const count = (key: string) => renders.set(key, (renders.get(key) ?? 0) + 1)

const Block = memo(function Block({ turn, blockKey }: { turn: number; blockKey: string }) {
  const entry = useBlock(turn, blockKey)
  count(blockKey)
  if (entry?.kind === 'text') return <p data-testid={blockKey}>{entry.block.text}</p>
  if (entry?.kind === 'thinking') return <p data-testid={blockKey}>{entry.block.thinking}</p>
  return null
})

function Turn({ index }: { index: number }) {
  const keys = useTurnBlockKeys(index)
  count('turn')
  return keys.map((key) => <Block key={key} turn={index} blockKey={key} />)
}

function Chat() {
  const { transcript, status } = useAgentStream()
  count('chat')
  return <div data-status={status}>{transcript.map((item) => (item.kind === 'turn' ? <Turn key={item.key} index={item.index} /> : null))}</div>
}

async function sendAndWait(store: AgentStore, ui = <Chat />) {
  render(<AgentProvider store={store}>{ui}</AgentProvider>)
  await act(() => store.getState().send('go'))
}

describe('hooks', () => {
  it('re-renders only the block a delta touches', async () => {
    renders.clear()
    const thinkingStart = event('THINKING_BLOCK_START', { replyId: 'M1', blockId: 'thinking' })
    const thinkingEnd = event('THINKING_BLOCK_END', { replyId: 'M1', blockId: 'thinking' })
    const deltas = Array.from({ length: 2_000 }, (_, index) => text(`w${index} `))
    const opening = textStart()
    // Each frame is its own act(), so React commits once per frame whatever its version (React 18 holds every
    // update of one long act() until it ends, React 19 does not).
    const frames: FrameScheduler = (callback) => {
      const timer = setTimeout(() => act(callback), 0)
      return () => clearTimeout(timer)
    }
    const store = await serve([start(), thinkingStart, thinking('plan'), thinkingEnd, opening, ...deltas, textEnd(), end()], 64, {
      scheduleFrame: frames,
    })
    render(
      <AgentProvider store={store}>
        <Chat />
      </AgentProvider>,
    )
    await store.getState().send('go')
    const [thinkingKey, textKey] = [thinkingStart.id as string, opening.id as string]
    expect(screen.getByTestId(textKey).textContent).toMatch(/^w0 w1 .* w1999 $/)
    expect(renders.get(thinkingKey)).toBeLessThanOrEqual(3)
    expect(renders.get(textKey)).toBeGreaterThan(1)
  })

  it('keeps the number of renders bounded for a 20,000-delta answer', async () => {
    renders.clear()
    const deltas = Array.from({ length: 20_000 }, (_, index) => text(`t${index % 10} `))
    const opening = textStart()
    // Frames are counted, so the bound is "one block render per frame" whatever the machine's speed (with the
    // browser's frames, a slow machine would see more frames and a fixed bound would depend on the load).
    let framesRun = 0
    const frames: FrameScheduler = (callback) => {
      const timer = setTimeout(() => {
        framesRun += 1
        act(callback)
      }, 0)
      return () => clearTimeout(timer)
    }
    const store = await serve([start(), opening, ...deltas, textEnd(), end()], 64, { scheduleFrame: frames })
    await sendAndWait(store)
    const key = opening.id as string
    expect(screen.getByTestId(key).textContent?.length).toBe(60_000)
    // At most one commit per store update, and the store publishes at most once per frame; the frames themselves
    // are bounded by the ~315 bursts the server writes.
    console.info(`20,000 deltas: ${renders.get(key)} block renders, ${renders.get('chat')} chat renders in ${framesRun} frames`)
    expect(renders.get(key)).toBeLessThanOrEqual(framesRun + 1)
    expect(framesRun).toBeLessThan(deltas.length / 64 + 10)
    expect(renders.get('chat')).toBeLessThan(10)
  })

  it('joins a tool call with its partial arguments while they stream, and its final input after', async () => {
    const events = [start(), toolStart('c1', 'write_file'), toolDelta('c1', '{"path":"/tmp/a","content":"Hel')]
    // the rest of the stream is held until the test has seen the partial arguments (not for a guessed 300 ms)
    let finish = () => {}
    const server = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write(events.map(frame).join(''))
      finish = () => response.end([toolDelta('c1', 'lo"}'), toolEnd('c1', 'write_file'), end()].map(frame).join(''))
    })
    close = server.close
    const store = createAgentStore({ transport: createSseTransport({ url: `${server.url}/api`, sessionId: 's' }) })
    function Tool() {
      const tool = useToolCall('c1')
      return (
        <pre data-testid="tool" data-status={tool?.call.status}>
          {JSON.stringify(tool?.input)}
        </pre>
      )
    }
    render(
      <AgentProvider store={store}>
        <Tool />
      </AgentProvider>,
    )
    const sending = store.getState().send('go')
    const partial = await screen.findByText('{"path":"/tmp/a","content":"Hel"}')
    expect(partial.dataset.status).toBe('streaming')
    finish()
    await act(() => sending)
    expect(screen.getByTestId('tool').textContent).toBe('{"path":"/tmp/a","content":"Hello"}')
    expect(screen.getByTestId('tool').dataset.status).toBe('done')
  })

  it('throws a clear error outside a provider', () => {
    function Orphan() {
      useAgentStream()
      return null
    }
    // React 18 logs the error it rethrows, and jsdom reports it as uncaught: React's output, not the kit's
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const quiet = (event: ErrorEvent) => event.preventDefault()
    window.addEventListener('error', quiet)
    expect(() => render(<Orphan />)).toThrow('`useAgentStream` must be used within `<AgentChat>` or `<AgentProvider>`')
    window.removeEventListener('error', quiet)
    log.mockRestore()
  })
})
