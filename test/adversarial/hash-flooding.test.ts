import { describe, expect, it } from 'vitest'
import { applyEvents, createAgentState } from '../../src/core'
import type { AgentStreamError } from '../../src/core'
import { PersistentMap } from '../../src/core/persistent-map'
import { createSeededRandom } from '../../src/testing/seeded-random'
import { costPerUnitRatio } from '../fixtures/cost-ratio'

// Ids a hostile server crafts to collide in a fixed string hash. 32-bit FNV-1a (what the kit's maps used, and
// the hash anyone would try first) falls to Joux's multicollisions: a pair of 6-character blocks that take one
// state to the same next state is a birthday search of ~80,000 tries, and k such pairs in a row give 2^k strings
// with one hash.

function fnv1a(state: number, text: string): number {
  let hash = state
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
  return hash >>> 0
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** 2^`doublings` distinct strings that start with `prefix` and all have the FNV-1a hash of each other. */
function fnvMulticollision(prefix: string, doublings: number): string[] {
  const random = createSeededRandom(0x5eed)
  const block = () => {
    let text = ''
    for (let index = 0; index < 6; index++) text += ALPHABET[Math.floor(random() * ALPHABET.length)]
    return text
  }
  let state = fnv1a(0x811c9dc5, prefix)
  let suffixes = ['']
  for (let round = 0; round < doublings; round++) {
    const seen = new Map<number, string>()
    for (;;) {
      const candidate = block()
      const next = fnv1a(state, candidate)
      const earlier = seen.get(next)
      if (earlier !== undefined && earlier !== candidate) {
        suffixes = suffixes.flatMap((suffix) => [suffix + earlier, suffix + candidate])
        state = next
        break
      }
      seen.set(next, candidate)
    }
  }
  return suffixes.map((suffix) => prefix + suffix)
}

// The tool results' slots are keyed `r\0<toolCallId>`: ids colliding after that prefix fall into one chain.
const COLLIDING_KEYS = fnvMulticollision('r\u0000', 14)
const COLLIDING_IDS = COLLIDING_KEYS.map((key) => key.slice(2))

let serial = 0
const event = (type: string, replyId: string, fields: Record<string, unknown> = {}) => ({ type, id: `e${++serial}`, replyId, ...fields })

function runningResults(ids: readonly string[]): unknown[] {
  return [event('AGENT_START', 'R'), ...ids.map((toolCallId) => event('TOOL_RESULT_START', 'A', { toolCallId, toolCallName: 'search' }))]
}

describe('ids crafted to collide in a hash (#11)', () => {
  it('the crafted ids do collide in FNV-1a', () => {
    expect(new Set(COLLIDING_IDS).size).toBe(2 ** 14)
    expect(new Set(COLLIDING_IDS.map((id) => fnv1a(0x811c9dc5, `r\u0000${id}`))).size).toBe(1)
  })

  it('16,384 running results with colliding ids are all applied, none skipped', () => {
    const errors: AgentStreamError[] = []
    const state = applyEvents(createAgentState(), runningResults(COLLIDING_IDS), { endOfStream: false, onError: (error) => errors.push(error) })
    expect(errors).toEqual([])
    const turn = state.scopes['']!.turns[0]!
    expect(turn.entries).toHaveLength(COLLIDING_IDS.length)
    expect(turn.slots.size).toBe(COLLIDING_IDS.length)
  })

  it('a colliding id costs what it does among 16 times fewer (it walked and copied a chain of all the others)', () => {
    const ratio = costPerUnitRatio({
      small: 1_024,
      large: 16_384,
      prepare: (size) => runningResults(COLLIDING_IDS.slice(0, size)),
      work: (events) => applyEvents(createAgentState(), events, { endOfStream: false }),
      runs: 3,
    })
    expect(ratio).toBeLessThan(4)
  })

  it('the map keeps, finds and deletes 16,384 colliding keys (removing one from a chain recursed: a stack overflow)', () => {
    const keys = COLLIDING_KEYS
    let map = PersistentMap.empty<number>()
    keys.forEach((key, index) => {
      map = map.set(key, index)
    })
    expect(map.size).toBe(keys.length)
    expect(keys.every((key, index) => map.get(key) === index)).toBe(true)
    keys.forEach((key, index) => {
      if (index % 2 === 0) map = map.delete(key)
    })
    expect(map.size).toBe(keys.length / 2)
    expect(keys.every((key, index) => map.has(key) === (index % 2 === 1))).toBe(true)
  })
})
