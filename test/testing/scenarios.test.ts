import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAgentEvent, replayEvents, type TurnStatus } from '../../src/core'
import { AgentStreamError } from '../../src/core/errors'
import { startScriptedAgentServer, type ScriptedAgentServer } from '../../src/testing'
import { message, ofType, postRun, type RunResult } from './scripted-client'

// The status of the turn that a message with the scenario's keyword leaves behind.
const EXPECTED_STATUS: Readonly<Record<string, TurnStatus>> = {
  'plain-text': 'completed',
  thinking: 'completed',
  'tool-call': 'completed',
  'parallel-tools': 'completed',
  'tool-error': 'completed',
  confirmation: 'awaiting_confirmation',
  'all-denied': 'awaiting_confirmation',
  'external-execution': 'awaiting_external_execution',
  'generated-image': 'completed',
  'tool-image': 'completed',
  subagent: 'completed',
  'max-iterations': 'max_iterations',
  'long-running': 'completed',
  'custom-events': 'completed',
  hints: 'completed',
  usage: 'completed',
  'long-answer': 'completed',
  'error-midway': 'incomplete',
  'legacy-type-names': 'completed',
  hostile: 'completed',
  unbroken: 'completed',
  help: 'completed',
}

let server: ScriptedAgentServer
const results = new Map<string, RunResult>()

beforeAll(async () => {
  server = await startScriptedAgentServer({ pace: 'instant', seed: 42 })
  await Promise.all(
    server.handler.scenarios().map(async (scenario) => {
      const body = message(`Please ${scenario.keyword} for me`)
      results.set(scenario.name, await postRun(server.url, `scenario-${scenario.name}`, body))
    }),
  )
})

afterAll(async () => {
  await server.close()
})

it('has an expected status for every scenario it lists', () => {
  expect(Object.keys(EXPECTED_STATUS).sort()).toEqual(
    server.handler
      .scenarios()
      .map((scenario) => scenario.name)
      .sort(),
  )
})

describe.each(Object.entries(EXPECTED_STATUS))('scenario %s', (name, status) => {
  const result = () => results.get(name) as RunResult

  it('streams text/event-stream with 200', () => {
    expect(result().status).toBe(200)
    expect(result().contentType).toBe('text/event-stream')
  })

  it('sends only events the kit parses', () => {
    expect(result().events.length).toBeGreaterThan(0)
    for (const event of result().events) expect(parseAgentEvent(event).ok).toBe(true)
  })

  it('frames every event as WebFlux does, with the duplicated type key', () => {
    const frames = result()
      .raw.split('\n\n')
      .filter((frame) => frame !== '')
    expect(frames).toHaveLength(result().events.length)
    for (const frame of frames) {
      const match = /^event:([A-Z_]+)\ndata:(\{"type":"([A-Z_]+)",.*,"type":"([A-Z_]+)"\})$/s.exec(frame)
      expect(match, frame.slice(0, 120)).not.toBeNull()
      expect(new Set([match?.[1], match?.[3], match?.[4]]).size).toBe(1)
    }
  })

  it('uses upstream id and time formats', () => {
    const ids = result().events.map((event) => event.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const event of result().events) {
      expect(event.id).toMatch(/^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/)
      expect(event.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3}|\.\d{6}|\.\d{9})?Z$/)
    }
  })

  it('reports usage on every MODEL_CALL_END', () => {
    for (const end of ofType(result().events, 'MODEL_CALL_END')) expect(end.usage).toMatchObject({ totalTokens: expect.any(Number) })
  })

  it(`leaves the turn ${status}`, () => {
    expect(replayEvents(result().events).turns.map((turn) => turn.status)).toEqual([status])
  })

  it('records exactly what it sent', () => {
    expect(server.handler.sentEvents(`scenario-${name}`)).toEqual(result().events)
  })
})

it('aborts the error-midway stream without AGENT_RESULT or AGENT_END', () => {
  const result = results.get('error-midway') as RunResult
  expect(result.readError).toBeInstanceOf(AgentStreamError)
  expect(result.events.map((event) => event.type)).not.toContain('AGENT_END')
  expect(result.events.map((event) => event.type)).toContain('TEXT_BLOCK_DELTA')
})

it('streams about 20,000 deltas for the long answer', () => {
  const deltas = ofType((results.get('long-answer') as RunResult).events, 'TEXT_BLOCK_DELTA')
  expect(deltas.length).toBeGreaterThan(19_000)
  expect(deltas.every((delta) => typeof delta.delta === 'string' && Array.from(delta.delta).length <= 5)).toBe(true)
})

it('escapes astral characters as Jackson does, and the kit reads them back', () => {
  const result = results.get('help') as RunResult
  expect(result.raw).toContain('\\uD83D\\uDC4B')
  expect(JSON.stringify(result.events)).toContain('👋')
})
