import { describe, expect, it } from 'vitest'
import { applyEvents, dataBlockPreview, createAgentState } from '../../src/core'
import type { DataEntry } from '../../src/core'
import { end, event, start } from '../fixtures/script'

// A PNG's base64 starts so; the rest only has to be base64.
const PNG_HEAD = 'iVBORw0KGgoAAAANSUhEUg'

// The data entry after `chunks` streamed into one DATA_BLOCK, the block still open.
function streaming(chunks: readonly string[]): DataEntry[] {
  const entries: DataEntry[] = []
  const live = { endOfStream: false }
  let state = applyEvents(createAgentState(), [start(), event('DATA_BLOCK_START', { replyId: 'M1', blockId: 'image' })], live)
  for (const delta of chunks) {
    state = applyEvents(state, [event('DATA_BLOCK_DELTA', { replyId: 'M1', blockId: 'image', delta })], live)
    const entry = state.scopes['']?.turns[0]?.entries.find((candidate) => candidate.kind === 'data')
    if (entry?.kind === 'data') entries.push(entry)
  }
  return entries
}

describe('dataBlockPreview', () => {
  it('shows every whole base64 group of a small block as it streams', () => {
    const entries = streaming([PNG_HEAD, 'AAAA', 'AAAAA', 'AAA'])
    expect(entries.map((entry) => dataBlockPreview(entry))).toEqual(
      [20, 24, 28, 32].map((length) => ({ type: 'base64', media_type: 'image/png', data: (PNG_HEAD + 'A'.repeat(12)).slice(0, length) })),
    )
  })

  // Each new preview is a new image the browser decodes whole: one per frame made a 1 MB image cost O(its size) a
  // frame (2.4 ms at 1 MB), O(size²) in all. Past 64 KB the preview grows by a sixteenth at a time: linear in all.
  it('decodes a large streaming image in work linear in its size, with the same object between steps', () => {
    const chunk = 'A'.repeat(16_384)
    const stream = (chunks: number) => {
      const previews = streaming([PNG_HEAD + 'AA', ...Array.from({ length: chunks }, () => chunk)]).map((entry) => dataBlockPreview(entry))
      const distinct = new Set(previews)
      let decoded = 0
      for (const preview of distinct) decoded += preview?.type === 'base64' ? preview.data.length : 0
      const last = previews.at(-1)
      return { previews: distinct.size, decodedPerByte: decoded / (chunks * chunk.length), shown: last?.type === 'base64' ? last.data.length : 0 }
    }
    const small = stream(64)
    const large = stream(256)
    // a preview per delta would decode 4x more per byte at 4x the size
    expect(large.decodedPerByte / small.decodedPerByte).toBeLessThan(1.2)
    // two doublings more: 16 steps each
    expect(large.previews - small.previews).toBeLessThanOrEqual(32)
    // shown, at most one step behind what arrived
    expect(large.shown).toBeGreaterThan((256 * chunk.length * 15) / 16)
  })

  it('gives the whole source once the block ends', () => {
    const state = applyEvents(createAgentState(), [
      start(),
      event('DATA_BLOCK_START', { replyId: 'M1', blockId: 'image' }),
      event('DATA_BLOCK_DELTA', { replyId: 'M1', blockId: 'image', delta: `${PNG_HEAD}A` }),
      event('DATA_BLOCK_END', { replyId: 'M1', blockId: 'image' }),
      end(),
    ])
    const entry = state.scopes['']?.turns[0]?.entries[0]
    expect(entry?.kind === 'data' && dataBlockPreview(entry)).toEqual({ type: 'base64', media_type: 'image/png', data: `${PNG_HEAD}A` })
  })
})
