/**
 * Streams recorded from the real AgentScope 2.0.2 server over each of the kit's transports (`npm run record:interop
 * -- --agentscope=2.0.2`, test/fixtures/recorded/agentscope-2.0.2/<transport>/), so that `npm test` checks real 2.0.2
 * output without Java: the events each transport delivered are replayed and compared with the context the server
 * stored, under the one normalisation of test/interop/compare-context.ts. The differences allowed are the
 * transport's own (test/interop/transport-gaps.ts, measured live), or, where a replay without the store cannot do
 * as well, exactly those of test/interop/known-gaps.ts (REPLAY_GAPS_2_0_2).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { readEventStream, replayEvents } from '../../src/core'
import type { AgentStreamError, RunRequest } from '../../src/core'
import { compareWithContext, kitExchanges } from '../interop/compare-context'
import type { ExpectedRebuild } from '../interop/compare-context'
import { REPLAY_GAPS_2_0_2 } from '../interop/known-gaps'
import { TRANSPORT_GAPS } from '../interop/transport-gaps'
import type { TransportName } from '../interop/scenarios'

interface Recording {
  readonly name: string
  readonly agentscope: string
  readonly transport: TransportName
  /** `subagentId`: a run on an exposed subagent, its events recorded in its lane (`source`), as the session stamps them. */
  readonly runs: readonly { readonly request: RunRequest; readonly eventCount: number; readonly subagentId?: string; readonly source?: string }[]
  readonly expected: ExpectedRebuild
  readonly events: readonly unknown[]
  readonly sse: string
}

const HERE = import.meta.url
const DIRECTORY = fileURLToPath(new URL('../fixtures/recorded/agentscope-2.0.2/', HERE))

function loadRecordings(): Recording[] {
  return readdirSync(DIRECTORY).flatMap((transport) =>
    readdirSync(`${DIRECTORY}${transport}`)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => {
        const json = JSON.parse(readFileSync(`${DIRECTORY}${transport}/${file}`, 'utf8')) as Omit<Recording, 'sse'>
        return { ...json, sse: readFileSync(`${DIRECTORY}${transport}/${file.slice(0, -'.json'.length)}.sse`, 'utf8') }
      }),
  )
}

const withoutUuids = (difference: string) => difference.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
const recordings = loadRecordings()

it('has 2.0.2 recordings over the three transports, the harness scenarios included', () => {
  const names = (transport: string) => recordings.filter((recording) => recording.transport === transport).map((recording) => recording.name)
  expect(names('native')).toEqual(
    expect.arrayContaining([
      'plain',
      'hitl-always-allow',
      'external-execution',
      'interrupt',
      'subagent',
      'subagent-exposed',
      'subagent-confirm',
      'subagent-confirm-approve',
      'subagent-remote',
    ]),
  )
  expect(names('agui')).toEqual(expect.arrayContaining(['plain', 'image', 'external-execution', 'subagent']))
  expect(names('agent-protocol')).toEqual(expect.arrayContaining(['plain', 'hitl-approve', 'hitl-deny', 'subagent']))
  expect(new Set(recordings.map((recording) => recording.agentscope))).toEqual(new Set(['2.0.2']))
})

describe.each(recordings)('recorded AgentScope 2.0.2 over $transport: $name', (recording) => {
  it("replays into what the server stored, but for the transport's and the replay's known gaps", () => {
    const errors: AgentStreamError[] = []
    const snapshot = replayEvents(recording.events, { onError: (error) => errors.push(error) })
    expect(errors).toEqual([])
    const kit = kitExchanges(
      snapshot,
      recording.runs.filter((run) => run.subagentId === undefined).map((run) => run.request),
    )
    // a replay-only gap lists every difference of that recording (it replaces the transport's, which the store avoids in part)
    const replayGap = REPLAY_GAPS_2_0_2[`${recording.transport}/${recording.name}`]
    const allowed = [...(replayGap?.differences ?? TRANSPORT_GAPS[recording.transport][recording.name]?.differences ?? [])]
    expect(compareWithContext(kit, snapshot, recording.expected).map(withoutUuids).sort()).toEqual(allowed.sort())
  })

  it.runIf(recording.runs.some((run) => run.subagentId !== undefined))("answers an exposed subagent's question in its lane", () => {
    const snapshot = replayEvents(recording.events)
    const source = recording.runs.find((run) => run.subagentId !== undefined)?.source as string
    // the question (its first run) and the answer's run, and nothing left pending
    expect(snapshot.subagents[source]).toHaveLength(2)
    expect(snapshot.subagentPendingConfirmations).toEqual([])
    expect(snapshot.pendingConfirmation).toBeNull()
  })

  it('holds one event-stream body per connection, every frame readable', async () => {
    expect(recording.runs.reduce((sum, run) => sum + run.eventCount, 0)).toBe(recording.events.length)
    const problems: AgentStreamError[] = []
    let frames = 0
    await readEventStream(new Response(recording.sse), { onEvent: () => (frames += 1), onError: (error) => problems.push(error) })
    expect(problems).toEqual([])
    // native: one frame per event; AG-UI maps its frames, Agent Protocol adds STATUS/REQUIRE_CONFIRM frames of its own
    if (recording.transport === 'native') expect(frames).toBe(recording.events.length)
    else expect(frames).toBeGreaterThan(0)
  })
})
