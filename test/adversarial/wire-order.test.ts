// Events a hostile or broken server sends out of place: an end that belongs to an earlier call, and subagent names
// that are the keys of every JavaScript object.
import { afterEach, describe, expect, it } from 'vitest'
import { applyEvents, createAgentState, reduce, replayEvents, toSnapshot } from '../../src/core'
import type { AgentEvent, AgentState } from '../../src/core'
import { reduceAll } from '../../src/core/reduce-all'
import { createAgentSession } from '../../src/session/create-agent-session'
import { createSseTransport } from '../../src/transport/sse-transport'
import { startHttpServer } from '../fixtures/http-server'

const texts = (state: AgentState) =>
  state.scopes['']!.turns.map(
    (turn) => `${turn.id}:${turn.status}:${turn.entries.map((entry) => (entry.kind === 'text' ? entry.block.text : '')).join('')}`,
  )

describe('an AGENT_END of an earlier call', () => {
  const reordered = [
    { type: 'AGENT_START', id: 'e1', replyId: 'R1' },
    { type: 'TEXT_BLOCK_DELTA', id: 'e2', replyId: 'M1', blockId: 'text', delta: 'first' },
    { type: 'AGENT_START', id: 'e3', replyId: 'R2' },
    { type: 'TEXT_BLOCK_DELTA', id: 'e4', replyId: 'M2', blockId: 'text', delta: 'second ' },
    { type: 'AGENT_END', id: 'e5', replyId: 'R1' },
    { type: 'TEXT_BLOCK_DELTA', id: 'e6', replyId: 'M2', blockId: 'text', delta: 'continues' },
    { type: 'AGENT_END', id: 'e7', replyId: 'R2' },
  ]

  it('does not close the call that is open: its later events are kept, and its own end closes it', () => {
    expect(texts(applyEvents(createAgentState(), reordered))).toEqual(['R1:incomplete:first', 'R2:completed:second continues'])
  })

  it("still lets a turn that reuses an earlier turn's replyId close on its own end", () => {
    const reused = [
      { type: 'AGENT_START', id: 'a1', replyId: 'R' },
      { type: 'AGENT_END', id: 'a2', replyId: 'R' },
      { type: 'AGENT_START', id: 'a3', replyId: 'R' },
      { type: 'TEXT_BLOCK_DELTA', id: 'a4', replyId: 'M', blockId: 'text', delta: 'again' },
      { type: 'AGENT_END', id: 'a5', replyId: 'R' },
    ]
    expect(texts(applyEvents(createAgentState(), reused))).toEqual(['R:completed:', 'R:completed:again'])
  })

  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup()
  })
  const scheduleFrame = (callback: () => void) => {
    const timer = setTimeout(callback, 1)
    return () => clearTimeout(timer)
  }

  it('does not make a stream cut in a later call count as complete (a replayed end, then the cut)', async () => {
    const events = [
      { type: 'AGENT_START', id: 'e1', replyId: 'R1' },
      { type: 'AGENT_END', id: 'e2', replyId: 'R1' },
      { type: 'AGENT_START', id: 'e3', replyId: 'R2' },
      { type: 'TEXT_BLOCK_DELTA', id: 'e4', replyId: 'M2', blockId: 'text', delta: 'cut short' },
      { type: 'AGENT_END', id: 'e2', replyId: 'R1' },
    ]
    const server = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write(events.map((event) => `data:${JSON.stringify(event)}\n\n`).join(''), () => response.destroy())
    })
    cleanups.push(() => server.close())
    const session = createAgentSession({ transport: createSseTransport({ url: server.url, endGraceMs: 20 }), scheduleFrame })
    await session.send('go')
    expect(session.getState()).toMatchObject({ status: 'error', canRetry: true, error: { code: 'incomplete-stream' } })
    expect(texts(session.getState().agent).at(-1)).toBe('R2:incomplete:cut short')
  })
})

describe('subagents named like the keys every object has', () => {
  const NAMES = ['__proto__', 'constructor', 'hasOwnProperty', 'toString']
  const events = NAMES.flatMap((source, index) => [
    { type: 'AGENT_START', id: `s${index}a`, replyId: `S${index}`, source },
    { type: 'TEXT_BLOCK_DELTA', id: `s${index}b`, replyId: `T${index}`, blockId: 'text', delta: `from ${source}`, source },
    { type: 'AGENT_END', id: `s${index}c`, replyId: `S${index}`, source },
  ])
  const log = [{ type: 'AGENT_START', id: 'm1', replyId: 'R' }, ...events, { type: 'AGENT_END', id: 'm2', replyId: 'R' }]

  const check = (state: AgentState) => {
    expect(Object.getPrototypeOf(state.scopes)).toBe(Object.prototype)
    expect(Object.keys(state.scopes).sort()).toEqual(['', ...NAMES].sort())
    for (const name of NAMES) expect(Object.hasOwn(state.scopes, name) && state.scopes[name]!.turns[0]?.entries[0]?.kind).toBe('text')
    const { subagents } = toSnapshot(state)
    expect(Object.getPrototypeOf(subagents)).toBe(Object.prototype)
    expect(Object.keys(subagents).sort()).toEqual([...NAMES].sort())
  }

  it('keeps each as a scope of its own, in a batch (a frame, a replay)', () => {
    check(applyEvents(createAgentState(), log))
    expect(Object.keys(replayEvents(log).subagents).sort()).toEqual([...NAMES].sort())
  })

  it('keeps each as a scope of its own, one event at a time', () => {
    let state = createAgentState()
    for (const event of log) state = reduce(state, event as AgentEvent)
    check(state)
  })
})

describe('a confirmation asked again', () => {
  const call = { type: 'tool_use', id: 'c1', name: 'bash', input: { cmd: 'ls' }, content: '{"cmd":"ls"}', metadata: {}, state: 'pending' }
  const ask = (id: string, source?: string) => ({ type: 'REQUIRE_USER_CONFIRM', id, replyId: source ? 'S' : 'R', toolCalls: [call], source })

  it('is pending once, at top level and in a subagent, and one answer settles it', () => {
    const start = [
      { type: 'AGENT_START', id: 'a1', replyId: 'R' },
      { type: 'AGENT_START', id: 'a2', replyId: 'S', source: 'main/sub' },
    ]
    const asked = applyEvents(createAgentState(), [...start, ask('q1', 'main/sub'), ask('q2', 'main/sub'), ask('q3', 'main/sub')])
    expect(asked.subagentPendingConfirmations.map((pending) => pending.toolCalls.map((toolCall) => toolCall.id))).toEqual([['c1']])
    const answered = applyEvents(asked, [
      { type: 'USER_CONFIRM_RESULT', id: 'r1', replyId: 'S', source: 'main/sub', confirmResults: [{ confirmed: true, toolCall: call }] },
    ])
    expect(answered.subagentPendingConfirmations).toEqual([])
    const top = applyEvents(createAgentState(), [start[0], ask('t1'), ask('t2')])
    expect(top.pendingConfirmation?.toolCalls.map((toolCall) => toolCall.id)).toEqual(['c1'])
  })
})

describe('a whole stream replayed, longer than the window of remembered ids', () => {
  it('gives the state of one play: the replayed start is known, and the rest is late', () => {
    const stream = [
      { type: 'AGENT_START', id: 'start', replyId: 'R1' },
      ...Array.from({ length: 25_000 }, (_, index) => ({ type: 'TEXT_BLOCK_DELTA', id: `d${index}`, replyId: 'M1', blockId: 'text', delta: 'w ' })),
      { type: 'AGENT_END', id: 'end', replyId: 'R1' },
    ] as AgentEvent[]
    // as the session folds it: frames of 4,096
    let state = createAgentState()
    const twice = [...stream, ...stream]
    for (let at = 0; at < twice.length; at += 4_096) state = reduceAll(state, twice.slice(at, at + 4_096))
    expect(texts(state)).toEqual([`R1:completed:${'w '.repeat(25_000)}`])
  })
})
