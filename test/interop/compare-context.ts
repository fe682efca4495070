/**
 * The one comparison between what the kit rebuilds from the event stream and what AgentScope stores in
 * the agent's context (`GET /api/sessions/{id}/messages`). The interop tests, `npm run record:interop`
 * and test/core/recorded-fixtures.test.ts all use it; examples/agentscope-server/README.md
 * ("How the kit is compared with the server") says the same in prose.
 *
 * Why a normalisation: the server keeps one ASSISTANT Msg per model call plus one TOOL Msg per tool
 * result; the kit keeps one Msg per agent call (AGENT_START … AGENT_END, protocol §7). Both are put in
 * this form:
 *
 * 1. Exchanges. The stored context is cut at each USER message that has content (a USER message with
 *    only metadata, the ConfirmResult carrier, is not a cut; AgentScope 2.0.0 does not even store it),
 *    like `readHistory` in src/core/history.ts. An exchange is `{ user, blocks }`: the user message's id
 *    and text, then the content blocks of every ASSISTANT and TOOL message up to the next cut, in
 *    order. SYSTEM messages are skipped. On the kit side an exchange is the user message a `send` run
 *    carried, then the content of the turn of that run and of every turn of the runs that answered it
 *    (confirmations, external results), in order; run i made turn i.
 * 2. Blocks, field by field: text `{text}`; thinking `{thinking, metadata}`; tool_use
 *    `{id, name, input, content, metadata, state}` (`input`'s keys sorted, at every depth); tool_result `{id, name, output, metadata, state}`
 *    (metadata keys sorted) with `output` compared verbatim (text, data blocks with their source and id); hint
 *    `{id, hint, source}`; any other block verbatim. Blocks are compared in order, no reordering: the
 *    scripted model always streams a model call as thinking → text → tool calls, the order
 *    `ReasoningContext.buildFinalMessage` stores them in.
 * 3. Usage: the kit's `modelCalls[].usage` of the exchange's turns (calls that reported usage), in
 *    order, against the `usage` of the exchange's stored ASSISTANT messages that have one; `time` is
 *    rounded to the microsecond. (The kit's turn `usage` is the sum of its calls, kit policy.)
 * 4. Turn statuses: the kit's turn statuses must equal the scenario's expected statuses (AgentScope
 *    stores no status), and nothing may be pending once the scenario is over.
 *
 * Left out, with the reason:
 * - Msg `id`: a kit turn is identified by its AGENT_START replyId; stored messages by the provider's
 *   response id (`chatcmpl-…`) or a UUID, one per model call or tool result.
 * - Msg `name`, `role`: the kit's turn is one ASSISTANT Msg named after the agent; the server splits it
 *   into ASSISTANT and TOOL messages with the same name.
 * - Msg `timestamp`: the kit uses AGENT_START's ISO-8601 `createdAt`; the server writes
 *   `yyyy-MM-dd HH:mm:ss.SSS` in its local time zone, per message.
 * - Msg `metadata`: `_chat_usage` repeats `usage` (compared in 3); `agentscope_generate_reason` is on
 *   the kit's turn and, on the server, only on some stored messages (the max-iterations summary) — the
 *   turn status (4) is checked instead; other keys (`agentscope_confirm_results`, …) are transport.
 * - The user message's `timestamp`, `metadata` and `usage`: the server stores the kit's USER Msg as sent;
 *   its id and text are compared.
 * - A kit tool_result in state `running` in a turn that ended TOOL_SUSPENDED: the placeholder of a call
 *   suspended for external execution. AgentScope returns it in AGENT_RESULT but never stores it; the
 *   kit shows it until the client's result arrives (the latest result of a call wins in the UI).
 * - A stored USER message whose text starts with {@link HARNESS_REMINDER}: the harness's note to the model that a
 *   background subagent task completed (after a remote subagent). The user never sent it; it is not a cut.
 * - For a settled exposed subagent's lane ({@link laneSnapshot}): the user message of its first exchange, made
 *   by the harness from `agent_spawn`'s task, which no event carries; the lane is compared from the stored one on.
 * - A stored ASSISTANT message whose id is the id of an AGENT_RESULT's Msg and whose only text is
 *   {@link INTERRUPTED_RECOVERY_TEXT}: the canned answer to an interrupt. It is stored but never
 *   streamed, and the kit keeps it as the turn's result, not as content (protocol §7.8).
 *
 * Any other difference is reported by {@link compareWithContext}.
 */
import { toSnapshot } from '../../src/core'
import type { AgentSnapshot, AgentState, ChatUsage, ContentBlock, Msg, RunRequest, TurnStatus } from '../../src/core'

/** ReActAgent's canned reply to a user interrupt (`ReActAgent.handleInterrupt`). */
export const INTERRUPTED_RECOVERY_TEXT = 'I noticed that you have interrupted me. What can I do for you?'

/** How the harness's own USER messages to the model start (`SubagentsMiddleware`, background task completed). */
export const HARNESS_REMINDER = '<system-reminder>'

/** One user message and everything that answered it. */
export interface Exchange {
  readonly user: { readonly id: string | null; readonly text: string }
  readonly blocks: readonly unknown[]
  readonly usage: readonly ChatUsage[]
}

/** What the kit must rebuild from a scenario's events, in the normalised form. */
export interface ExpectedRebuild {
  readonly exchanges: readonly Exchange[]
  /** The kit's turn statuses, one per run (AgentScope stores none). */
  readonly turnStatuses: readonly TurnStatus[]
}

function textOf(message: Msg): string {
  return message.content.flatMap((block) => (block.type === 'text' ? [(block as { text: string }).text] : [])).join('\n')
}

// Rounded to the microsecond, keys in one order (the transports build usage objects in different orders).
function roundTime(usage: ChatUsage): ChatUsage {
  const { inputTokens, outputTokens, cachedTokens, totalTokens } = usage
  return { inputTokens, outputTokens, cachedTokens, time: Math.round(usage.time * 1e6) / 1e6, totalTokens }
}

function normalizeBlock(block: ContentBlock): unknown {
  const value = block as unknown as Record<string, unknown>
  switch (block.type) {
    case 'text': {
      return { type: 'text', text: value.text }
    }
    case 'thinking': {
      return { type: 'thinking', thinking: value.thinking, metadata: value.metadata ?? null }
    }
    case 'tool_use': {
      const { id, name, input, content, metadata, state } = value
      return { type: 'tool_use', id, name, input: sortedKeys(input, true), content, metadata, state }
    }
    case 'tool_result': {
      const { id, name, output, metadata, state } = value
      return { type: 'tool_result', id, name, output, metadata: sortedKeys(metadata), state }
    }
    case 'hint': {
      const { id, hint, source } = value
      return { type: 'hint', id, hint, source: source ?? null }
    }
    default: {
      return value
    }
  }
}

// Keys in one order: the server may write a map in any order (Java's Map.of is randomized per JVM, a HashMap is in
// hash order: a tool call's parsed `input` is stored that way, while its `content` keeps the model's text).
function sortedKeys(value: unknown, deep = false): unknown {
  if (Array.isArray(value)) return deep ? value.map((item) => sortedKeys(item, true)) : value
  if (typeof value !== 'object' || value === null) return value
  const entries = Object.entries(value).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
  return Object.fromEntries(deep ? entries.map(([key, item]) => [key, sortedKeys(item, true)]) : entries)
}

/** The stored context in the normalised form; `resultIds` are the ids of the AGENT_RESULT Msgs (see the rules above). */
export function storedExchanges(stored: readonly Msg[], resultIds: ReadonlySet<string>): Exchange[] {
  const exchanges: { user: Exchange['user']; blocks: unknown[]; usage: ChatUsage[] }[] = []
  for (const message of stored) {
    if (message.role === 'SYSTEM') continue
    if (message.role === 'USER') {
      if (textOf(message).startsWith(HARNESS_REMINDER)) continue
      if (message.content.length > 0) exchanges.push({ user: { id: message.id, text: textOf(message) }, blocks: [], usage: [] })
      continue
    }
    const current = exchanges[exchanges.length - 1]
    if (current === undefined) continue
    const recovery =
      message.role === 'ASSISTANT' &&
      message.id !== null &&
      resultIds.has(message.id) &&
      message.content.length === 1 &&
      textOf(message) === INTERRUPTED_RECOVERY_TEXT
    if (recovery) continue
    current.blocks.push(...message.content.map(normalizeBlock))
    if (message.role === 'ASSISTANT' && message.usage !== null) current.usage.push(roundTime(message.usage))
  }
  return exchanges
}

/** The ids of the Msgs that AGENT_RESULT events carried. */
export function resultIdsOf(events: readonly unknown[]): Set<string> {
  const ids = new Set<string>()
  for (const value of events) {
    const event = value as { type?: unknown; result?: { id?: unknown } }
    if (event.type === 'AGENT_RESULT' && typeof event.result?.id === 'string') ids.add(event.result.id)
  }
  return ids
}

/** The kit's snapshot in the normalised form; `requests[i]` is the run that made turn i. */
export function kitExchanges(snapshot: AgentSnapshot, requests: readonly RunRequest[]): Exchange[] {
  const exchanges: { user: Exchange['user']; blocks: unknown[]; usage: ChatUsage[] }[] = []
  // The snapshot holds the user's messages too; the requests say what each turn answered.
  snapshot.messages
    .filter((message) => message.role !== 'USER')
    .forEach((message, index) => {
      const request = requests[index]
      const turn = snapshot.turns[index]
      if (request?.kind === 'message') {
        const user = request.messages[0] as Msg
        exchanges.push({ user: { id: user.id, text: textOf(user) }, blocks: [], usage: [] })
      }
      const current = exchanges[exchanges.length - 1]
      if (current === undefined || turn === undefined) return
      const suspended = turn.generateReason === 'TOOL_SUSPENDED'
      for (const block of message.content) {
        if (suspended && block.type === 'tool_result' && (block as { state?: unknown }).state === 'running') continue
        current.blocks.push(normalizeBlock(block))
      }
      for (const call of turn.modelCalls) if (call.usage !== null) current.usage.push(roundTime(call.usage))
    })
  return exchanges
}

/**
 * A subagent's lane as a snapshot of its own (its turns and messages, its pending confirmation as the chat's), and
 * the requests that made its turns: the harness's task message (taken from `stored`, see the rules above), then
 * `answers`, the runs the kit sent the exposed subagent.
 */
export function laneSnapshot(
  state: AgentState,
  source: string,
  stored: readonly Msg[],
  answers: readonly RunRequest[],
): { snapshot: AgentSnapshot; requests: RunRequest[] } {
  const scope = state.scopes[source]
  const full = toSnapshot(state)
  const pending = state.subagentPendingConfirmations.find((request) => request.source === source) ?? null
  const snapshot: AgentSnapshot = {
    ...full,
    messages: full.subagents[source] ?? [],
    turns: (scope?.turns ?? []).map((turn) => ({
      id: turn.id,
      status: turn.status,
      generateReason: turn.generateReason,
      modelCalls: turn.modelCalls,
      usage: turn.usage,
      resultId: turn.result?.id ?? null,
    })),
    pendingConfirmation: pending === null ? null : { requestReplyId: pending.requestReplyId, toolCalls: pending.toolCalls },
    pendingExternalExecution: null,
  }
  const task = stored.find((message) => message.role === 'USER' && message.content.length > 0)
  const first: RunRequest[] = task === undefined ? [] : [{ kind: 'message', messages: [task] }]
  return { snapshot, requests: [...first, ...answers] }
}

/** The expected rebuild of a scenario: the stored context normalised, and the statuses it must end with. */
export function expectedRebuild(stored: readonly Msg[], events: readonly unknown[], turnStatuses: readonly TurnStatus[]): ExpectedRebuild {
  return { exchanges: storedExchanges(stored, resultIdsOf(events)), turnStatuses }
}

// Tool call ids are random per run: they become #1, #2… in order of first appearance on the server side,
// so that a difference reads the same in every run and in the recordings.
function labeler(expected: readonly Exchange[]): (json: string) => string {
  const labels = new Map<string, string>()
  const visit = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return
    const record = value as Record<string, unknown>
    if ((record.type === 'tool_use' || record.type === 'tool_result') && typeof record.id === 'string' && !labels.has(record.id)) {
      labels.set(record.id, `#${labels.size + 1}`)
    }
  }
  for (const exchange of expected) exchange.blocks.forEach(visit)
  return (json) => {
    let result = json
    for (const [id, label] of labels) result = result.split(id).join(label)
    return result.replace(/"(call_[A-Za-z0-9]+)"/g, '"#?"')
  }
}

// Longest common subsequence of two lists of JSON strings: what only one side has.
function onlyInOne(kit: readonly string[], server: readonly string[]): { kit: string[]; server: string[] } {
  const table = Array.from({ length: kit.length + 1 }, () => new Array<number>(server.length + 1).fill(0))
  for (let i = kit.length - 1; i >= 0; i--) {
    for (let j = server.length - 1; j >= 0; j--) {
      const row = table[i] as number[]
      row[j] = kit[i] === server[j] ? (table[i + 1] as number[])[j + 1]! + 1 : Math.max((table[i + 1] as number[])[j]!, row[j + 1]!)
    }
  }
  const only = { kit: [] as string[], server: [] as string[] }
  let i = 0
  let j = 0
  while (i < kit.length && j < server.length) {
    if (kit[i] === server[j]) {
      i++
      j++
    } else if ((table[i + 1] as number[])[j]! >= (table[i] as number[])[j + 1]!) only.kit.push(kit[i++] as string)
    else only.server.push(server[j++] as string)
  }
  only.kit.push(...kit.slice(i))
  only.server.push(...server.slice(j))
  return only
}

/**
 * Every difference between the kit's rebuild and the expected one, as stable sentences (tool call ids
 * replaced by #1, #2…). An empty list means the kit rebuilt exactly what the server stored.
 */
export function compareWithContext(kit: readonly Exchange[], snapshot: AgentSnapshot, expected: ExpectedRebuild): string[] {
  const label = labeler(expected.exchanges)
  const json = (value: unknown) => label(JSON.stringify(value))
  const differences: string[] = []
  if (kit.length !== expected.exchanges.length) {
    differences.push(`exchanges: the kit has ${kit.length}, the server ${expected.exchanges.length}`)
  }
  expected.exchanges.forEach((server, index) => {
    const ours = kit[index]
    if (ours === undefined) return
    const where = `exchange ${index} ("${server.user.text}")`
    if (json(ours.user) !== json(server.user)) differences.push(`${where}: user message ${json(ours.user)} ≠ ${json(server.user)}`)
    const only = onlyInOne(ours.blocks.map(json), server.blocks.map(json))
    for (const block of only.kit) differences.push(`${where}: only the kit has ${block}`)
    for (const block of only.server) differences.push(`${where}: only the server has ${block}`)
    if (json(ours.usage) !== json(server.usage)) differences.push(`${where}: usage per model call ${json(ours.usage)} ≠ ${json(server.usage)}`)
  })
  const statuses = snapshot.turns.map((turn) => turn.status)
  if (json(statuses) !== json(expected.turnStatuses)) {
    differences.push(`turn statuses ${json(statuses)}, expected ${json(expected.turnStatuses)}`)
  }
  if (snapshot.pendingConfirmation !== null) {
    differences.push(`still pending confirmation: ${json(snapshot.pendingConfirmation.toolCalls.map((call) => call.id))}`)
  }
  if (snapshot.pendingExternalExecution !== null) {
    differences.push(`still pending external execution: ${json(snapshot.pendingExternalExecution.toolCalls.map((call) => call.id))}`)
  }
  return differences
}
