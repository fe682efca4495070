import { afterEach, describe, expect, it, vi } from 'vitest'
import { comparable } from '../fixtures/compare-snapshot'
import { frame, startHttpServer } from '../fixtures/http-server'
import { end, start, text, textEnd, textStart } from '../fixtures/script'

// The session is framework-free: it must run with React and zustand gone.
vi.mock('react', () => ({}))
vi.mock('react-dom', () => ({}))
vi.mock('zustand', () => ({}))
vi.mock('zustand/vanilla', () => ({}))

const { createAgentSession, createSseTransport, replayEvents, toSnapshot } = await import('../../src/core')
type RecordedEntry = import('../../src/core').RecordedEntry

const microtaskFrames = (callback: () => void) => (queueMicrotask(callback), () => {})

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

// Answers each run with "answer N" (N counts the runs), naming the message it heard.
async function countingServer() {
  let runs = 0
  const heard: string[] = []
  const server = await startHttpServer((_request, response, body) => {
    runs += 1
    const message = (JSON.parse(body) as { msgs?: { content?: { text?: string }[] }[] }).msgs?.[0]
    heard.push(message?.content?.[0]?.text ?? '')
    const replyId = `R${runs}`
    const events = [start(replyId), textStart(`${replyId}m`), text(`answer ${runs}`, `${replyId}m`), textEnd(`${replyId}m`), end(replyId)]
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    response.end(events.map((event) => frame(event)).join(''))
  })
  close = server.close
  return { heard, transport: createSseTransport({ url: `${server.url}/api`, sessionId: 's' }) }
}

const shown = (state: ReturnType<ReturnType<typeof createAgentSession>['getState']>) =>
  toSnapshot(state.agent).messages.map((message) => (message.content[0] as { text?: string } | undefined)?.text ?? '')

describe('session.resend: retry and edit-and-resend replace the last exchange (#13)', () => {
  it('retries the last message in place of the last exchange, and the log replays to what is shown', async () => {
    const server = await countingServer()
    const log: RecordedEntry[] = []
    const session = createAgentSession({
      transport: server.transport,
      scheduleFrame: microtaskFrames,
      recorder: { record: (entry) => log.push(entry) },
    })
    await session.send('hello')
    await session.send('weather')
    expect(shown(session.getState())).toEqual(['hello', 'answer 1', 'weather', 'answer 2'])
    const userIdBefore = session.getState().agent.userMessages[1]!.message.id
    await session.resend()
    const state = session.getState()
    expect(shown(state)).toEqual(['hello', 'answer 1', 'weather', 'answer 3'])
    expect(state.transcript.map((item) => item.kind)).toEqual(['user', 'turn', 'user', 'turn'])
    expect(state.transcript.map((item) => item.key)).toEqual([
      'user-' + state.agent.userMessages[0]!.message.id,
      'turn-0',
      'user-' + state.agent.userMessages[1]!.message.id,
      'turn-1',
    ])
    expect(state.agent.userMessages[1]!.message.id).not.toBe(userIdBefore)
    expect(server.heard).toEqual(['hello', 'weather', 'weather'])
    expect(log.filter((entry) => entry.kind === 'local').map((entry) => entry.kind === 'local' && entry.event.type)).toEqual([
      'USER_MESSAGE',
      'USER_MESSAGE',
      'REWIND',
      'USER_MESSAGE',
    ])
    const values = log.flatMap((entry) => (entry.kind === 'local' ? [entry.event] : entry.kind === 'event' ? [entry.value] : []))
    expect(comparable(replayEvents(values))).toEqual(comparable(toSnapshot(state.agent)))
  })

  it('sends an edited message in place of the last one', async () => {
    const server = await countingServer()
    const session = createAgentSession({ transport: server.transport, scheduleFrame: microtaskFrames })
    await session.send('hello')
    await session.resend('hello there')
    expect(shown(session.getState())).toEqual(['hello there', 'answer 2'])
    expect(session.getState().transcript.map((item) => item.kind)).toEqual(['user', 'turn'])
    await session.send('and then')
    expect(shown(session.getState())).toEqual(['hello there', 'answer 2', 'and then', 'answer 3'])
  })

  it('refuses with nothing to resend, or while a run is going, and changes nothing', async () => {
    const server = await countingServer()
    const session = createAgentSession({ transport: server.transport, scheduleFrame: microtaskFrames })
    await expect(session.resend()).rejects.toMatchObject({ code: 'refused' })
    await session.send('hello')
    const running = session.send('again')
    await expect(session.resend('no')).rejects.toMatchObject({ code: 'refused' })
    await running
    expect(shown(session.getState())).toEqual(['hello', 'answer 1', 'again', 'answer 2'])
  })
})
