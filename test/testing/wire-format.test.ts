import { describe, expect, it } from 'vitest'
import { eventJson, toJacksonJson } from '../../src/testing/jackson-json'
import { createPacer } from '../../src/testing/pace'
import { pickScenario } from '../../src/testing/scenario-catalog'
import { createSeededRandom } from '../../src/testing/seeded-random'
import { createWireIds, instantNow, messageTimestamp } from '../../src/testing/wire-format'

describe('ids', () => {
  it('follow the upstream formats and repeat for the same seed', () => {
    const first = createWireIds(createSeededRandom(9))
    const second = createWireIds(createSeededRandom(9))
    const sample = (ids: typeof first) => [ids.hex(), ids.uuid(), ids.chatCompletionId(), ids.toolCallId(), ids.subagentId()]
    const values = sample(first)
    expect(sample(second)).toEqual(values)
    const [hex, uuid, completion, call, subagent] = values
    expect(hex).toMatch(/^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/)
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(completion).toMatch(/^chatcmpl-[A-Za-z0-9]{29}$/)
    expect(call).toMatch(/^call_[A-Za-z0-9]{24}$/)
    expect(subagent).toMatch(/^sub-[0-9a-f]{8}$/)
  })
})

describe('times', () => {
  it('writes createdAt as Instant.toString does', () => {
    expect(instantNow()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3}|\.\d{6}|\.\d{9})?Z$/)
  })

  it('writes Msg.timestamp in local time without an offset', () => {
    const date = new Date(2026, 4, 14, 17, 12, 3, 45)
    expect(messageTimestamp(date)).toBe('2026-05-14 17:12:03.045')
  })
})

describe('JSON', () => {
  it('writes type again as the last key', () => {
    const json = eventJson({ type: 'AGENT_END', id: 'x', replyId: 'r' })
    expect(json).toBe('{"type":"AGENT_END","id":"x","replyId":"r","type":"AGENT_END"}')
  })

  it('escapes astral characters as surrogate pairs and keeps the rest raw', () => {
    expect(toJacksonJson({ delta: 'é ☔ 😀' })).toBe('{"delta":"é ☔ \\uD83D\\uDE00"}')
    expect(JSON.parse(toJacksonJson({ delta: 'é ☔ 😀' }))).toEqual({ delta: 'é ☔ 😀' })
  })
})

describe('pace', () => {
  it('never waits when instant, and saves up waits too short for a timer', () => {
    expect(createPacer('instant').delay(100)).toBe(0)
    expect(createPacer({ deltaMs: 10 }).delay(1)).toBe(10)
    const fine = createPacer({ deltaMs: 1 })
    expect([fine.delay(1), fine.delay(1), fine.delay(1), fine.delay(1)]).toEqual([0, 0, 0, 4])
  })

  it('waits 15–40 ms per text delta at the realistic pace', () => {
    const pacer = createPacer('realistic', createSeededRandom(1))
    for (let index = 0; index < 100; index += 1) {
      const wait = pacer.delay(1)
      expect(wait).toBeGreaterThanOrEqual(15)
      expect(wait).toBeLessThanOrEqual(40)
    }
  })
})

describe('scenario keywords', () => {
  it('match at the start of a word, case-insensitively, with help as the default', () => {
    expect(pickScenario('Plan the release').name).toBe('custom-events')
    expect(pickScenario('an explanation please').name).toBe('help')
    expect(pickScenario('WEATHER in Paris').name).toBe('tool-call')
    expect(pickScenario('weather in two cities, in parallel').name).toBe('parallel-tools')
  })
})
