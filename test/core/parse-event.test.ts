import { describe, expect, it } from 'vitest'
import { AGENT_EVENT_TYPES, AgentStreamError, LEGACY_EVENT_TYPE_ALIASES, parseAgentEvent } from '../../src/core'

const delta = { type: 'TEXT_BLOCK_DELTA', id: 'e1', replyId: 'r1', blockId: 'text', delta: 'Hi' }

function errorOf(value: unknown): AgentStreamError {
  const result = parseAgentEvent(value)
  if (result.ok) throw new Error('expected an error')
  return result.error
}

describe('parseAgentEvent', () => {
  it('knows all 31 event types', () => {
    expect(AGENT_EVENT_TYPES).toHaveLength(31)
    expect(new Set(AGENT_EVENT_TYPES).size).toBe(31)
  })

  it('returns a valid canonical event as it is, without copying', () => {
    const result = parseAgentEvent(delta)
    expect(result).toEqual({ ok: true, event: delta })
    expect(result.ok && result.event).toBe(delta)
  })

  it.each(Object.entries(LEGACY_EVENT_TYPE_ALIASES))('maps the legacy alias %s to %s', (alias, canonical) => {
    const fields: Record<string, Record<string, unknown>> = {
      DATA_BLOCK_START: { blockId: 'b' },
      DATA_BLOCK_DELTA: { blockId: 'b', delta: 'AA' },
      DATA_BLOCK_END: { blockId: 'b' },
      TOOL_RESULT_DATA_DELTA: { toolCallId: 'c', data: { type: 'image' } },
      SUBAGENT_EXPOSED: { subagentId: 's' },
    }
    const result = parseAgentEvent({ type: alias, id: 'x', ...fields[canonical] })
    expect(result.ok && result.event.type).toBe(canonical)
  })

  it('treats type names as case-sensitive', () => {
    const error = errorOf({ ...delta, type: 'text_block_delta' })
    expect(error.code).toBe('invalid-event')
    expect(error.message).toContain('unknown event type "text_block_delta"')
  })

  it('knows no type named after an Object.prototype key', () => {
    for (const type of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const error = errorOf({ type, id: 'x' })
      expect(error.field).toBe('type')
      expect(error.message).toContain(`unknown event type "${type}"`)
    }
  })

  it('names the event type and the field at fault', () => {
    const error = errorOf({ ...delta, delta: 42 })
    expect(error).toBeInstanceOf(AgentStreamError)
    expect(error.eventType).toBe('TEXT_BLOCK_DELTA')
    expect(error.field).toBe('delta')
    expect(error.message).toBe('Invalid TEXT_BLOCK_DELTA event: "delta" must be a string, got number 42')
  })

  it('names nested fields by their path', () => {
    const error = errorOf({ type: 'REQUIRE_USER_CONFIRM', replyId: 'a', toolCalls: [{ id: 'c1' }, { id: 7 }] })
    expect(error.field).toBe('toolCalls[1].id')
  })

  it('rejects values that are not objects, and objects without a string type', () => {
    for (const value of [null, 3, 'TEXT_BLOCK_DELTA', [delta], undefined]) {
      expect(errorOf(value).message).toContain('an event must be a JSON object')
    }
    expect(errorOf({ id: 'x' }).field).toBe('type')
  })

  it('lowercases result states and defaults a missing or unknown one to success', () => {
    const end = { type: 'TOOL_RESULT_END', toolCallId: 'c' }
    const states = ['SUCCESS', 'Error', undefined, 'weird'].map((state) => {
      const result = parseAgentEvent({ ...end, state })
      return result.ok && result.event.type === 'TOOL_RESULT_END' ? result.event.state : null
    })
    expect(states).toEqual(['success', 'error', 'success', 'success'])
  })

  it('normalizes the case of tool call states and generate reasons', () => {
    const confirm = parseAgentEvent({ type: 'REQUIRE_USER_CONFIRM', toolCalls: [{ id: 'c', state: 'PENDING' }] })
    expect(confirm.ok && confirm.event).toMatchObject({
      toolCalls: [{ type: 'tool_use', id: 'c', name: null, input: {}, content: null, metadata: {}, state: 'pending' }],
    })
    const stop = parseAgentEvent({ type: 'REQUEST_STOP', generateReason: 'permission_asking' })
    expect(stop.ok && stop.event).toMatchObject({ generateReason: 'PERMISSION_ASKING' })
  })

  it('fills the defaults the Java classes apply', () => {
    const stop = parseAgentEvent({ type: 'REQUEST_STOP' })
    expect(stop.ok && stop.event).toMatchObject({ generateReason: 'MIDDLEWARE_STOP_REQUESTED' })
    const custom = parseAgentEvent({ type: 'CUSTOM', name: 'n' })
    expect(custom.ok && custom.event).toMatchObject({ value: {} })
    const external = parseAgentEvent({ type: 'EXTERNAL_EXECUTION_RESULT', toolResults: [{ id: 'c' }] })
    expect(external.ok && external.event).toMatchObject({
      toolResults: [{ type: 'tool_result', id: 'c', name: null, output: [], metadata: {}, state: 'running' }],
    })
  })

  it('drops null optional fields instead of passing them on', () => {
    const result = parseAgentEvent({ ...delta, source: null, metadata: null })
    expect(result.ok && result.event).toEqual(delta)
  })

  it('keeps unknown fields and reads the type once even when Jackson wrote it twice', () => {
    const wire = '{"type":"TEXT_BLOCK_DELTA","id":"e1","replyId":"r1","blockId":"text","delta":"Hi","extra":1,"type":"TEXT_BLOCK_DELTA"}'
    const result = parseAgentEvent(JSON.parse(wire))
    expect(result.ok && result.event).toEqual({ ...delta, extra: 1 })
  })

  it('completes a partial usage', () => {
    const result = parseAgentEvent({ type: 'MODEL_CALL_END', replyId: 'm', usage: { inputTokens: 3, outputTokens: 4 } })
    expect(result.ok && result.event).toMatchObject({
      usage: { inputTokens: 3, outputTokens: 4, cachedTokens: 0, time: 0, totalTokens: 7 },
    })
  })

  it('never throws, even on objects whose getters throw', () => {
    const hostile = Object.defineProperty({}, 'type', {
      get() {
        throw new Error('boom')
      },
    })
    expect(errorOf(hostile).message).toContain('could not be read')
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    expect(parseAgentEvent(revoked.proxy).ok).toBe(false)
  })
})

describe('AgentScope 2.0.2 media block field names', () => {
  it('reads min_pixels / max_frames / total_pixels (Spring mapper) as minPixels / maxFrames / totalPixels (plain mapper)', () => {
    const video = {
      type: 'video',
      source: { type: 'url', url: 'https://example.com/v.mp4' },
      fps: 2,
      max_frames: 8,
      min_pixels: 1,
      max_pixels: 9,
      total_pixels: 72,
    }
    const image = { type: 'image', source: { type: 'url', url: 'https://example.com/i.png' }, minPixels: 4, max_pixels: 16 }
    const parsed = parseAgentEvent({ type: 'TOOL_RESULT_DATA_DELTA', id: 'e1', replyId: 'r', toolCallId: 'c', toolCallName: 't', data: video })
    const parsedImage = parseAgentEvent({ type: 'TOOL_RESULT_DATA_DELTA', id: 'e2', replyId: 'r', toolCallId: 'c', toolCallName: 't', data: image })
    expect(parsed.ok && (parsed.event as unknown as { data: unknown }).data).toEqual({
      type: 'video',
      source: video.source,
      fps: 2,
      maxFrames: 8,
      minPixels: 1,
      maxPixels: 9,
      totalPixels: 72,
    })
    expect(parsedImage.ok && (parsedImage.event as unknown as { data: unknown }).data).toEqual({
      type: 'image',
      source: image.source,
      minPixels: 4,
      maxPixels: 16,
    })
  })
})
