import { describe, expect, it, vi } from 'vitest'
import { applyEvents, createAgentState, reduce, replayEvents, toSnapshot } from '../../src/core'
import type { AgentEvent, AgentStreamError } from '../../src/core'
import { loadFixtures } from '../fixtures/load-fixtures'
import type { AgentState } from '../../src/core'
import {
  end,
  event,
  resultEnd,
  resultStart,
  resultText,
  start,
  text,
  textEnd,
  textStart,
  thinking,
  toolDelta,
  toolEnd,
  toolStart,
} from '../fixtures/script'

const live = (events: unknown[]): AgentState => applyEvents(createAgentState(), events, { endOfStream: false })

describe('reduce', () => {
  it('keeps a block per (replyId, blockId) opening, in creation order, when blockIds repeat', () => {
    const snapshot = replayEvents([
      start(),
      textStart('M1'),
      text('one', 'M1'),
      textEnd('M1'),
      textStart('M2'),
      text('two', 'M2'),
      textEnd('M2'),
      text('three', 'M2'),
      end(),
    ])
    expect(snapshot.messages[0]?.content).toEqual([
      { type: 'text', text: 'one' },
      { type: 'text', text: 'two' },
      { type: 'text', text: 'three' },
    ])
  })

  it('lets thinking and text stream at the same time', () => {
    const snapshot = replayEvents([start(), thinking('hmm '), text('Hi'), thinking('more'), text('!'), end()])
    expect(snapshot.messages[0]?.content).toEqual([
      { type: 'thinking', thinking: 'hmm more', metadata: null },
      { type: 'text', text: 'Hi!' },
    ])
  })

  it('drops a text block that closes empty, and skips empty deltas', () => {
    const snapshot = replayEvents([start(), textStart(), text(''), textEnd(), end()])
    expect(snapshot.messages[0]?.content).toEqual([])
  })

  it('joins a surrogate pair split across two deltas', () => {
    const snapshot = replayEvents([start(), text('smile \uD83D'), text('\uDE00'), end()])
    expect(snapshot.messages[0]?.content).toEqual([{ type: 'text', text: 'smile 😀' }])
  })

  it('ignores a duplicated event', () => {
    const delta = text('once')
    const snapshot = replayEvents([start(), delta, delta, { ...delta }, end()])
    expect(snapshot.messages[0]?.content).toEqual([{ type: 'text', text: 'once' }])
  })

  it('opens an implicit turn for a client that joined mid-stream', () => {
    const snapshot = replayEvents([text('late joiner', 'M9'), end('R0')])
    expect(snapshot.turns).toMatchObject([{ id: 'M9', status: 'completed' }])
    expect(snapshot.messages[0]).toMatchObject({ id: 'M9', name: null, content: [{ type: 'text', text: 'late joiner' }] })
  })

  it('ignores late events of a closed turn but still records session notifications', () => {
    const snapshot = replayEvents([
      start(),
      text('done'),
      end(),
      text(' late'),
      event('MODEL_CALL_END', { replyId: 'M1' }),
      event('CUSTOM', { name: 'state_updated', value: { a: 1 } }),
      event('SUBAGENT_EXPOSED', { subagentId: 's1' }),
    ])
    expect(snapshot.messages).toHaveLength(1)
    expect(snapshot.messages[0]?.content).toEqual([{ type: 'text', text: 'done' }])
    expect(snapshot.customEvents).toEqual([{ name: 'state_updated', value: { a: 1 }, source: null }])
    expect(snapshot.exposedSubagents).toEqual([{ subagentId: 's1', agentId: null, sessionId: null, label: null }])
  })

  it('ends a truncated turn incomplete: open results interrupted, arguments finalized, empty blocks dropped', () => {
    const snapshot = replayEvents([start(), toolStart('c1'), toolDelta('c1', '{"a":1}'), textStart(), resultStart('c1'), resultText('c1', 'partial')])
    expect(snapshot.turns[0]?.status).toBe('incomplete')
    expect(snapshot.messages[0]?.content).toEqual([
      { type: 'tool_use', id: 'c1', name: 'bash', input: { a: 1 }, content: '{"a":1}', metadata: {}, state: 'pending' },
      { type: 'tool_result', id: 'c1', name: 'bash', output: [{ type: 'text', text: 'partial' }], metadata: {}, state: 'interrupted' },
    ])
  })

  it('closes an open turn as incomplete when a new AGENT_START arrives', () => {
    const snapshot = replayEvents([start('R0'), text('cut'), start('R1'), text('next', 'M2'), end('R1')])
    expect(snapshot.turns.map((turn) => [turn.id, turn.status])).toEqual([
      ['R0', 'incomplete'],
      ['R1', 'completed'],
    ])
  })

  it('continues a tool call re-opened by a second START and finalizes over the whole text', () => {
    const snapshot = replayEvents([
      start(),
      toolStart('c1'),
      toolDelta('c1', '{"path":'),
      toolEnd('c1'),
      toolStart('c2', 'ls'),
      toolDelta('c2', '{}'),
      toolEnd('c2', 'ls'),
      toolStart('c1'),
      toolDelta('c1', '"/tmp"}'),
      toolEnd('c1'),
      end(),
    ])
    expect(snapshot.messages[0]?.content).toMatchObject([
      { type: 'tool_use', id: 'c1', input: { path: '/tmp' }, content: '{"path":"/tmp"}' },
      { type: 'tool_use', id: 'c2', name: 'ls', input: {} },
    ])
  })

  it('creates a tool call from a delta without START, but not for hidden "__" tools or empty ids', () => {
    const snapshot = replayEvents([
      start(),
      event('TOOL_CALL_DELTA', { replyId: 'M1', toolCallId: 'c1', toolCallName: 'search', delta: '{}' }),
      toolDelta('hidden', '{"x":1}'),
      toolStart(''),
      toolDelta('', '{'),
      toolEnd('c1', 'search'),
      end(),
    ])
    expect(snapshot.messages[0]?.content).toEqual([
      { type: 'tool_use', id: 'c1', name: 'search', input: {}, content: '{}', metadata: {}, state: 'pending' },
    ])
  })

  it('gives arguments that never become a JSON object input {} and content "{}"', () => {
    for (const raw of ['{"a":', '[1,2]', 'not json', '']) {
      const snapshot = replayEvents([start(), toolStart('c1'), toolDelta('c1', raw), toolEnd('c1'), end()])
      expect(snapshot.messages[0]?.content[0]).toMatchObject({ input: {}, content: '{}' })
    }
  })

  it('puts a result in the current turn even when its call sits in an earlier one, and marks the call allowed', () => {
    const snapshot = replayEvents([
      start('R0'),
      toolStart('c1'),
      toolDelta('c1', '{}'),
      toolEnd('c1'),
      end('R0'),
      start('R1'),
      resultStart('c1', 'A2'),
      resultText('c1', 'ok', 'A2'),
      resultEnd('c1', 'success', 'A2'),
      end('R1'),
    ])
    expect(snapshot.messages[0]?.content[0]).toMatchObject({ type: 'tool_use', state: 'allowed' })
    expect(snapshot.messages[1]?.content).toEqual([
      { type: 'tool_result', id: 'c1', name: 'bash', output: [{ type: 'text', text: 'ok' }], metadata: {}, state: 'success' },
    ])
  })

  it("keeps a subagent confirmation apart from the chat's own", () => {
    const call = { type: 'tool_use', id: 'c9', name: 'rm', input: {}, content: '{}', metadata: {}, state: 'pending' }
    const source = 'session-42/cleaner'
    const state = live([
      start(),
      event('AGENT_START', { source, sessionId: 'sub-1', name: 'cleaner' }),
      event('REQUIRE_USER_CONFIRM', { replyId: 'A7', toolCalls: [call], source, metadata: { taskId: 't1' } }),
    ])
    const snapshot = toSnapshot(state)
    expect(snapshot.pendingConfirmation).toBeNull()
    expect(snapshot.subagentPendingConfirmations).toEqual([{ source, taskId: 't1', requestReplyId: 'A7', toolCalls: [call] }])
    expect(Object.keys(snapshot.subagents)).toEqual([source, `${source}#t1`])
  })

  it('finishes a data block from a data: URL, a link, a hint or sniffed bytes', () => {
    const data = (blockId: string, delta: string, extra: Record<string, unknown> = {}) => [
      event('DATA_BLOCK_START', { replyId: 'M1', blockId, ...extra }),
      event('DATA_BLOCK_DELTA', { replyId: 'M1', blockId, delta }),
      event('DATA_BLOCK_END', { replyId: 'M1', blockId }),
    ]
    const snapshot = replayEvents([
      start(),
      ...data('a', 'data:image/gif;base64,R0lGODlh'),
      ...data('b', 'https://example.com/x.mp4'),
      ...data('c', 'AAAA', { metadata: { mediaType: 'audio/ogg' } }),
      ...data('d', 'UklGRiQAAABXQVZFZm10'),
      ...data('e', 'AAAAGGZ0eXBtcDQy'),
      ...data('f', 'AAEC'),
      ...data('g', ''),
      end(),
    ])
    expect(snapshot.messages[0]?.content.map((block) => (block as { source: unknown }).source)).toEqual([
      { type: 'base64', media_type: 'image/gif', data: 'R0lGODlh' },
      { type: 'url', url: 'https://example.com/x.mp4' },
      { type: 'base64', media_type: 'audio/ogg', data: 'AAAA' },
      { type: 'base64', media_type: 'audio/wav', data: 'UklGRiQAAABXQVZFZm10' },
      { type: 'base64', media_type: 'video/mp4', data: 'AAAAGGZ0eXBtcDQy' },
      { type: 'base64', media_type: 'application/octet-stream', data: 'AAEC' },
    ])
  })

  it('applies every valid event around invalid ones and reports each invalid one', () => {
    const errors: string[] = []
    const snapshot = replayEvents([start(), 'garbage', text('a'), { type: 'NOPE' }, text('b'), { ...text('c'), delta: 5 }, end()], {
      onError: (error) => errors.push(error.message),
    })
    expect(snapshot.messages[0]?.content).toEqual([{ type: 'text', text: 'ab' }])
    expect(errors).toHaveLength(3)
  })

  it('links a subagent to the tool call that spawned it and times blocks by their events', () => {
    const fixture = loadFixtures().find((candidate) => candidate.name === 'subagent-events-interleaved-and-exposed')!
    const state = applyEvents(createAgentState(), fixture.events)
    expect(state.scopes['session-42/researcher']?.parentToolCallId).toBe('call_Y15UbmBgSWb92O7SbeIdMWKL')
    const [text] = state.scopes['']!.turns[0]!.entries
    expect([text?.startedAt, text?.endedAt]).toEqual(['2026-05-14T09:12:03.169800195Z', '2026-05-14T09:12:03.230020220Z'])
  })
})

describe('a handler that throws (#12)', () => {
  it('leaves the state as it was, reports the event type and id, and counts the event as not applied', () => {
    const opened = applyEvents(createAgentState(), [start(), textStart()], { endOfStream: false })
    let reads = 0
    const delta = text('x')
    const flaky = {
      ...delta,
      get delta() {
        if (++reads === 1) throw new Error('boom')
        return 'x'
      },
    }
    const errors: AgentStreamError[] = []
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const after = reduce(opened, flaky as unknown as AgentEvent, (error) => errors.push(error))
    expect(consoleError).toHaveBeenCalledTimes(1)
    consoleError.mockRestore()
    expect(after).toBe(opened)
    expect(errors).toMatchObject([{ code: 'reducer-failed', eventType: 'TEXT_BLOCK_DELTA', eventId: delta.id }])
    // not applied, so the same id goes through once the handler can read it
    const retried = reduce(after, flaky as unknown as AgentEvent)
    expect(retried.scopes['']?.turns[0]?.entries[0]?.block).toEqual({ type: 'text', text: 'x' })
  })
})
