import { describe, expect, it } from 'vitest'
import { applyEvents, createAgentState, replayEvents, toSnapshot } from '../../src/core'
import { comparable } from '../fixtures/compare-snapshot'
import { loadFixtures } from '../fixtures/load-fixtures'
import type { Fixture } from '../fixtures/load-fixtures'

interface Checkpoint {
  afterEventIndex: number
  turnStatuses: string[]
  pendingConfirmation: unknown
  pendingExternalExecution: unknown
  subagentPendingConfirmations: unknown
}

const fixtures = loadFixtures()

function parts(fixture: Fixture) {
  const { ignoredEvents, checkpoints, ...expected } = fixture.expected as {
    ignoredEvents?: { index: number }[]
    checkpoints?: Checkpoint[]
  }
  return { expected, ignoredEvents: ignoredEvents ?? [], checkpoints: checkpoints ?? [] }
}

describe.each(fixtures)('fixture $name', (fixture) => {
  const { expected } = parts(fixture)

  it('rebuilds the expected state from its events', () => {
    const errors: unknown[] = []
    const snapshot = replayEvents(fixture.events, { onError: (error) => errors.push(error) })
    expect(errors).toEqual([])
    expect(comparable(snapshot)).toEqual(comparable(expected))
  })
})

describe.each(fixtures.filter((fixture) => parts(fixture).checkpoints.length > 0))('fixture $name', (fixture) => {
  it('matches every checkpoint', () => {
    for (const checkpoint of parts(fixture).checkpoints) {
      const events = fixture.events.slice(0, checkpoint.afterEventIndex + 1)
      const snapshot = toSnapshot(applyEvents(createAgentState(), events, { endOfStream: false }))
      expect(
        comparable({
          turnStatuses: snapshot.turns.map((turn) => turn.status),
          pendingConfirmation: snapshot.pendingConfirmation,
          pendingExternalExecution: snapshot.pendingExternalExecution,
          subagentPendingConfirmations: snapshot.subagentPendingConfirmations,
        }),
      ).toEqual(comparable({ ...checkpoint, afterEventIndex: undefined }))
    }
  })
})

describe.each(fixtures.filter((fixture) => parts(fixture).ignoredEvents.length > 0))('fixture $name', (fixture) => {
  it('ignores the events it lists as having no effect', () => {
    for (const { index } of parts(fixture).ignoredEvents) {
      const before = applyEvents(createAgentState(), fixture.events.slice(0, index), { endOfStream: false })
      const after = applyEvents(before, [fixture.events[index]], { endOfStream: false })
      expect(comparable(toSnapshot(after))).toEqual(comparable(toSnapshot(before)))
    }
  })
})

it('covers all 17 shared fixtures', () => {
  expect(fixtures).toHaveLength(17)
})
