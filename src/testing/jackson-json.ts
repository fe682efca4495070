/**
 * JSON text as Spring's Jackson encoder writes an `AgentEvent` (protocol §1 fact 1, §2): keys in the order
 * they were inserted, `type` written again as the last key, and astral characters escaped as surrogate pairs.
 */

/** Canonical event types mapped to the legacy names older servers wrote (protocol §2.1), for the `legacy` scenario. */
export const LEGACY_TYPE_NAMES: Readonly<Record<string, string>> = {
  AGENT_START: 'REPLY_START',
  AGENT_END: 'REPLY_END',
  MODEL_CALL_START: 'MODEL_CALL_STARTED',
  MODEL_CALL_END: 'MODEL_CALL_ENDED',
  DATA_BLOCK_START: 'BINARY_BLOCK_START',
  DATA_BLOCK_DELTA: 'BINARY_BLOCK_DELTA',
  DATA_BLOCK_END: 'BINARY_BLOCK_END',
  TOOL_RESULT_DATA_DELTA: 'TOOL_RESULT_BINARY_DELTA',
  SUBAGENT_EXPOSED: 'THREAD_EXPOSED',
}

const ASTRAL_CHARACTER = /[\u{10000}-\u{10FFFF}]/gu

/** `JSON.stringify`, with every astral character written as `\uD83D\uDE00` as `writeValueAsBytes` does. */
export function toJacksonJson(value: unknown): string {
  return JSON.stringify(value).replace(ASTRAL_CHARACTER, (character) => {
    const code = character.codePointAt(0) ?? 0
    const high = Math.floor((code - 0x10000) / 0x400) + 0xd800
    const low = ((code - 0x10000) % 0x400) + 0xdc00
    return `\\u${high.toString(16).toUpperCase()}\\u${low.toString(16).toUpperCase()}`
  })
}

/**
 * The JSON text of an event object whose keys are already in Jackson's order: `type` is written once
 * more as the last key, from the public `getType()` getter.
 */
export function eventJson(event: Readonly<Record<string, unknown>>): string {
  const json = toJacksonJson(event)
  return `${json.slice(0, -1)},"type":${JSON.stringify(event.type)}}`
}

/** One Spring WebFlux `ServerSentEvent<String>` frame: `event:` and `data:` with no space, LF endings. */
export function sseFrame(type: string, json: string): string {
  return `event:${type}\ndata:${json}\n\n`
}
