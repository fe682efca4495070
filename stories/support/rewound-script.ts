import type { RecordedRequest, RecordedScript } from './recorded-script'

const RENAMED_FIELDS = ['id', 'replyId', 'toolCallId'] as const

/**
 * A recorded call as a later answer brings it: the same events with fresh event ids, replyIds and tool call ids
 * (the same ones would be duplicates, or late events of a closed turn), and the same subagent `source`.
 */
export function answeredAgain(events: readonly unknown[], tag: string): unknown[] {
  return events.map((event) => {
    const renamed: Record<string, unknown> = { ...(event as Record<string, unknown>) }
    for (const field of RENAMED_FIELDS) if (typeof renamed[field] === 'string') renamed[field] = `${String(renamed[field])}-${tag}`
    return renamed
  })
}

/**
 * A script for a conversation whose last exchange is replaced: the first call of each script answers one message
 * the story sends, and the last one answers the resend (retry, or edit and resend) the story makes at the end.
 * A script used more than once is answered again with fresh ids each time.
 */
export function rewoundScript(name: string, description: string, sent: readonly RecordedScript[], resent: RecordedScript): RecordedScript {
  const uses = new Map<RecordedScript, number>()
  const callOf = (script: RecordedScript) => {
    const use = uses.get(script) ?? 0
    uses.set(script, use + 1)
    const events = script.calls[0] ?? []
    return use === 0 ? events : answeredAgain(events, `again-${use}`)
  }
  const calls = [...sent, resent].map(callOf)
  const requests = sent.map((script): RecordedRequest => script.requests[0] ?? { kind: 'message', text: script.keyword })
  return { scenario: name, keyword: name, description, requests, calls, derivedFrom: [...sent, resent].map((script) => script.scenario).join(' + ') }
}
