/**
 * Streams recorded from the real AgentScope 2.0.0 server (`npm run record:interop`, test/fixtures/recorded/),
 * so that `npm test` checks real AgentScope output even where Java is absent. Each recording is replayed and
 * compared with the context the server stored, under the one normalisation of test/interop/compare-context.ts;
 * the only differences allowed are those a replay of events alone cannot avoid (test/interop/known-gaps.ts).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createReplayTransport, readEventStream, replayEvents, toSnapshot } from '../../src/core'
import type { AgentStreamError, Msg, RunRequest } from '../../src/core'
import { createAgentStore } from '../../src/store/create-agent-store'
import { compareWithContext, kitExchanges } from '../interop/compare-context'
import type { ExpectedRebuild } from '../interop/compare-context'
import { REPLAY_GAPS } from '../interop/known-gaps'

interface Recording {
  readonly name: string
  readonly description: string
  readonly agentscope: string
  readonly runs: readonly { readonly request: RunRequest; readonly eventCount: number }[]
  readonly expected: ExpectedRebuild
  readonly events: readonly unknown[]
  readonly sse: Uint8Array
}

// Through a variable: in a jsdom test Vite rewrites `new URL('…', import.meta.url)` into a dev-server URL.
const HERE = import.meta.url
const DIRECTORY = fileURLToPath(new URL('../fixtures/recorded/', HERE))
const SEEDS = [3, 11, 97, 2026]

function loadRecordings(): Recording[] {
  return readdirSync(DIRECTORY)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.json'.length)
      const json = JSON.parse(readFileSync(`${DIRECTORY}${file}`, 'utf8')) as Omit<Recording, 'sse'>
      return { ...json, sse: new Uint8Array(readFileSync(`${DIRECTORY}${name}.sse`)) }
    })
}

// mulberry32: a seeded PRNG, so a failing split can be replayed from its seed.
function splitRandomly(bytes: Uint8Array, seed: number): Uint8Array[] {
  let state = seed
  const random = () => {
    state = (state + 0x6d2b79f5) | 0
    let value = Math.imul(state ^ (state >>> 15), 1 | state)
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
  const chunks: Uint8Array[] = []
  for (let offset = 0; offset < bytes.length;) {
    const size = 1 + Math.floor(random() * 64)
    chunks.push(bytes.subarray(offset, offset + size))
    offset += size
  }
  return chunks
}

// A body whose chunks arrive one read() at a time, like a fetch body split by the network.
function streamResponse(chunks: readonly Uint8Array[]): Response {
  let index = 0
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks[index++]
        if (chunk === undefined) controller.close()
        else controller.enqueue(chunk)
      },
    }),
  )
}

async function decode(response: Response): Promise<unknown[]> {
  const events: unknown[] = []
  const problems: AgentStreamError[] = []
  await readEventStream(response, { onEvent: (value) => events.push(value), onError: (error) => problems.push(error) })
  expect(problems).toEqual([])
  return events
}

const recordings = loadRecordings()

it('has a recording for every interop scenario', () => {
  expect(recordings.map((recording) => recording.name)).toEqual(
    expect.arrayContaining([
      'plain',
      'thinking',
      'parallel-tools',
      'streaming-tool',
      'tool-error',
      'image',
      'hitl-approve',
      'hitl-deny',
      'hitl-edit',
      'hitl-always-allow',
      'external-execution',
      'interrupt',
      'max-iterations',
    ]),
  )
})

describe.each(recordings)('recorded AgentScope stream $name', (recording) => {
  it('replays into what the server stored, but for its known gaps', () => {
    const errors: AgentStreamError[] = []
    const snapshot = replayEvents(recording.events, { onError: (error) => errors.push(error) })
    expect(errors).toEqual([])
    const kit = kitExchanges(
      snapshot,
      recording.runs.map((run) => run.request),
    )
    expect(compareWithContext(kit, snapshot, recording.expected)).toEqual(REPLAY_GAPS[recording.name]?.differences ?? [])
  })

  it('decodes its .sse body, read whole, into its events', async () => {
    expect(recording.runs.reduce((sum, run) => sum + run.eventCount, 0)).toBe(recording.events.length)
    expect(await decode(streamResponse([recording.sse]))).toEqual(recording.events)
  })

  it.each(SEEDS)('decodes its .sse body cut in random chunks (seed %i)', async (seed) => {
    expect(await decode(streamResponse(splitRandomly(recording.sse, seed)))).toEqual(recording.events)
  })
})

// What AgentScope 2.0.0 sends that the protocol notes (written from 2.0.3-SNAPSHOT) do not describe.
describe('with AgentScope 2.0.0 output', () => {
  const byName = new Map(recordings.map((recording) => [recording.name, recording]))
  const recordingOf = (name: string) => byName.get(name) as Recording
  const callsOf = (recording: Recording) => {
    const calls: unknown[][] = []
    let offset = 0
    for (const run of recording.runs) {
      calls.push(recording.events.slice(offset, offset + run.eventCount) as unknown[])
      offset += run.eventCount
    }
    return calls
  }

  it('re-finalizes tool arguments whose fragments arrive after TOOL_CALL_END', () => {
    const recording = recordingOf('interleaved-tool-arguments')
    const calls = replayEvents(recording.events).messages[0]?.content.filter((block) => block.type === 'tool_use')
    expect(calls?.map((call) => (call as { input: unknown }).input)).toEqual([{ city: 'Paris' }, { city: 'Tokyo' }])
  })

  it("ends a turn `interrupted` when its result is ReActAgent's canned interrupt reply", () => {
    expect(replayEvents(recordingOf('interrupt').events).turns.map((turn) => turn.status)).toEqual(['interrupted'])
  })

  it('leaves the calls of a TOOL_SUSPENDED result pending external execution', () => {
    const recording = recordingOf('external-execution')
    const pending = replayEvents(callsOf(recording)[0] ?? []).pendingExternalExecution
    expect(pending?.toolCalls.map((call) => call.name)).toEqual(['read_browser_page'])
  })

  for (const name of ['hitl-approve', 'hitl-deny', 'hitl-edit']) {
    it(`${name}: the store applies its own answer when the server does not echo it`, async () => {
      const recording = recordingOf(name)
      const [first, second] = recording.runs
      if (first?.request.kind !== 'message' || second?.request.kind !== 'confirm') throw new Error(`${name}: unexpected runs`)
      const store = createAgentStore({ transport: createReplayTransport({ calls: callsOf(recording), pace: 'instant' }) })
      await store.getState().send(first.request.messages[0] as Msg)
      const asked = store.getState().agent.pendingConfirmation?.toolCalls ?? []
      // the same answers as recorded: edited arguments only where the recorded answer changed them
      await store.getState().confirm(
        second.request.confirmResults.map((result) => {
          const edited = asked.find((call) => call.id === result.toolCall.id)?.content !== result.toolCall.content
          return { toolCallId: result.toolCall.id, approved: result.confirmed, input: edited ? result.toolCall.input : undefined }
        }),
      )
      const snapshot = toSnapshot(store.getState().agent)
      const kit = kitExchanges(
        snapshot,
        recording.runs.map((run) => run.request),
      )
      expect(store.getState().status).toBe('done')
      expect(compareWithContext(kit, snapshot, recording.expected)).toEqual([])
    })
  }
})
