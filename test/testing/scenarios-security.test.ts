import { afterAll, beforeAll, expect, it } from 'vitest'
import { parseAgentEvent, replayEvents } from '../../src/core'
import { startScriptedAgentServer, type ScriptedAgentServer } from '../../src/testing'
import { HOSTILE_DONE, HOSTILE_PAYLOADS, type HostileChannel } from '../../src/testing/scenarios-security'
import { message, ofType, postRun, type RunResult } from './scripted-client'

let server: ScriptedAgentServer
let result: RunResult

beforeAll(async () => {
  server = await startScriptedAgentServer({ pace: 'instant', seed: 7 })
  result = await postRun(server.url, 'hostile', message('hostile'))
})

afterAll(async () => {
  await server.close()
})

it('holds at least 50 payloads with distinct ids, on every channel', () => {
  expect(HOSTILE_PAYLOADS.length).toBeGreaterThanOrEqual(50)
  expect(new Set(HOSTILE_PAYLOADS.map((entry) => entry.id)).size).toBe(HOSTILE_PAYLOADS.length)
  const channels: HostileChannel[] = [
    'text',
    'thinking',
    'hint',
    'tool-name',
    'tool-argument',
    'tool-result-text',
    'tool-result-data',
    'data-block',
    'subagent',
  ]
  expect(new Set(HOSTILE_PAYLOADS.map((entry) => entry.channel))).toEqual(new Set(channels))
})

it('streams valid events and completes the turn', () => {
  expect(result.status).toBe(200)
  for (const event of result.events) expect(parseAgentEvent(event).ok).toBe(true)
  expect(replayEvents(result.events).turns.map((turn) => turn.status)).toEqual(['completed'])
  expect(
    ofType(result.events, 'TEXT_BLOCK_DELTA')
      .map((event) => event.delta)
      .join(''),
  ).toContain(HOSTILE_DONE)
})

it('puts every payload on the wire, the base64-wrapped ones inside their data', () => {
  // every key and string value of every event, as the client decodes them
  const wire: string[] = []
  const walk = (value: unknown): void => {
    if (typeof value === 'string') wire.push(value)
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        wire.push(key)
        walk(child)
      }
    }
  }
  walk(result.events)
  // streamed text is cut into deltas: join them back
  const joined = (type: string, key: string) => {
    const streams = new Map<string, string>()
    for (const event of ofType(result.events, type)) streams.set(String(event[key]), `${streams.get(String(event[key])) ?? ''}${String(event.delta)}`)
    return [...streams.values()]
  }
  wire.push(...joined('TEXT_BLOCK_DELTA', 'replyId'), ...joined('THINKING_BLOCK_DELTA', 'replyId'))
  for (const args of joined('TOOL_CALL_DELTA', 'toolCallId')) walk(JSON.parse(args))
  for (const raw of joined('DATA_BLOCK_DELTA', 'blockId')) {
    wire.push(raw, Buffer.from(raw.replace(/^data:[^,]*,/, ''), 'base64').toString('utf8'))
  }
  for (const event of ofType(result.events, 'TOOL_RESULT_DATA_DELTA')) {
    const source = (event.data as { source?: { type?: string; data?: string } }).source
    if (source?.type === 'base64') wire.push(Buffer.from(source.data ?? '', 'base64').toString('utf8'))
  }
  const text = wire.join('\n')
  expect(HOSTILE_PAYLOADS.filter((entry) => !text.includes(entry.payload)).map((entry) => entry.id)).toEqual([])
})
