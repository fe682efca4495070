import { describe, expect, inject, it } from 'vitest'
import { readEventStream, replayEvents, toSnapshot } from '../../src/core'
import type { AgentStreamError } from '../../src/core'
import { compareWithContext, expectedRebuild, kitExchanges } from './compare-context'
import { SCENARIOS, runScenario } from './scenarios'

const url = inject('agentscope200Url')

async function parseBody(body: string): Promise<unknown[]> {
  const events: unknown[] = []
  await readEventStream(new Response(body), { onEvent: (value) => events.push(value) })
  return events
}

describe('the kit rebuilds what AgentScope 2.0.0 stores (#5)', () => {
  for (const scenario of SCENARIOS.filter((candidate) => candidate.harness !== true)) {
    it(`${scenario.name}: ${scenario.description}`, async () => {
      const run = await runScenario(url, scenario)
      const events = run.runs.flatMap((record) => record.events)
      const problems: AgentStreamError[] = []
      replayEvents(events, { onError: (error) => problems.push(error) })

      expect(problems).toEqual([])
      for (const record of run.runs) expect(await parseBody(record.body)).toEqual(record.events)
      expect(run.refusals).toEqual([])
      expect(run.store.getState().status).toBe('done')

      // What the user sees is the store: it also applies the answers AgentScope 2.0.0 does not echo.
      const rebuilt = toSnapshot(run.store.getState().agent)
      const kit = kitExchanges(
        rebuilt,
        run.runs.map((record) => record.request),
      )
      const differences = compareWithContext(kit, rebuilt, expectedRebuild(run.stored, events, scenario.turnStatuses))
      expect(differences).toEqual([])
    })
  }
})

describe('the wire, as Spring WebFlux writes it', () => {
  it('frames every event as event:<TYPE> + data:<Jackson JSON with the type key twice>', async () => {
    const run = await runScenario(url, SCENARIOS[0]!)
    const body = (run.runs[0] as { body: string }).body
    const frames = body.split('\n\n').filter((frame) => frame !== '')
    expect(frames.length).toBe(run.runs[0]?.events.length)
    for (const frame of frames) {
      const [eventLine, dataLine, ...rest] = frame.split('\n')
      expect(rest).toEqual([])
      expect(eventLine).toMatch(/^event:[A-Z_]+$/)
      expect(dataLine?.startsWith('data:{')).toBe(true)
      const type = eventLine?.slice('event:'.length)
      expect(dataLine?.startsWith(`data:{"type":"${type}",`)).toBe(true)
      expect(dataLine?.endsWith(`,"type":"${type}"}`)).toBe(true)
    }
  })

  it('answers the history with the stored context as Msg[] JSON', async () => {
    const run = await runScenario(url, SCENARIOS[0]!)
    expect(run.stored.map((message) => message.role)).toEqual(['USER', 'ASSISTANT'])
    expect(Object.keys(run.stored[1] ?? {})).toEqual(['id', 'name', 'role', 'content', 'metadata', 'timestamp', 'usage'])
  })
})
