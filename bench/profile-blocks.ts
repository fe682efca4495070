/**
 * CPU profile of one more tool call in a turn that holds `size` already (the scaling bench's "tool" rows):
 * `node --expose-gc --import tsx bench/profile-blocks.ts [size]`. Prints µs per event for each sample and writes
 * bench/results/blocks-<size>.cpuprofile (open it in Chrome DevTools › Performance).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAgentState, parseAgentEvent, reduce } from '../src/core'
import type { AgentState } from '../src/core'

const size = Number(process.argv[2] ?? 100_000)
let serial = 0
const make = (type: string, replyId: string, fields: Record<string, unknown> = {}) => ({
  type,
  id: `e${++serial}`,
  createdAt: '2026-05-14T17:12:44.610Z',
  replyId,
  ...fields,
})
const call = (index: number) => {
  const toolCallId = `call-${index}`
  return [
    make('TOOL_CALL_START', 'M', { toolCallId, toolCallName: 'read_file' }),
    make('TOOL_CALL_DELTA', 'M', { toolCallId, toolCallName: '__fragment__', delta: '{"path":' }),
    make('TOOL_CALL_DELTA', 'M', { toolCallId, toolCallName: '__fragment__', delta: `"/tmp/${index}"}` }),
    make('TOOL_CALL_END', 'M', { toolCallId, toolCallName: 'read_file' }),
    make('TOOL_RESULT_START', 'A', { toolCallId, toolCallName: 'read_file' }),
    make('TOOL_RESULT_TEXT_DELTA', 'A', { toolCallId, toolCallName: 'read_file', delta: 'contents' }),
    make('TOOL_RESULT_END', 'A', { toolCallId, toolCallName: 'read_file', state: 'success' }),
  ]
}

function apply(state: AgentState, values: readonly unknown[]): AgentState {
  let next = state
  for (const value of values) {
    const parsed = parseAgentEvent(value)
    if (parsed.ok) next = reduce(next, parsed.event)
  }
  return next
}

let state = apply(createAgentState(), [make('AGENT_START', 'R'), make('MODEL_CALL_START', 'M')])
const prefix: unknown[] = []
for (let index = 0; index < size; index++) prefix.push(...call(index))
state = apply(state, prefix)
let next = size
const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.start')
for (let sample = 0; sample < 20; sample++) {
  const values: unknown[] = []
  for (let count = 0; count < 2000; count++) values.push(...call(next++))
  const started = performance.now()
  state = apply(state, values)
  console.log(`${size} blocks: ${(((performance.now() - started) * 1000) / values.length).toFixed(2)} µs/event`)
}
const { profile } = await session.post('Profiler.stop')
const directory = join(dirname(fileURLToPath(import.meta.url)), 'results')
mkdirSync(directory, { recursive: true })
writeFileSync(join(directory, `blocks-${size}.cpuprofile`), JSON.stringify(profile))
