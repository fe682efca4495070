/**
 * Where the kit, as it is today, does not rebuild what AgentScope 2.0.0 really stores: the exact
 * differences `compareWithContext` reports, per scenario, with their cause and the fix. The interop
 * tests and test/core/recorded-fixtures.test.ts assert that the differences are exactly these, so any
 * other difference fails, and so does a fixed gap (then delete its entry here).
 */

/** One scenario the kit gets wrong today. */
export interface KnownGap {
  /** Why, in terms of what the real server sends. */
  readonly cause: string
  /** Where to fix it. */
  readonly fix: string
  /**
   * The differences `compareWithContext` reports, verbatim: today the same for the live run (the store) and for the
   * recording (replayEvents). A store-side fix clears them live first; replayEvents alone never sees the user's answer.
   */
  readonly differences: readonly string[]
  /** Store actions refused during the live run (the same request then went through the transport). */
  readonly refusals?: readonly string[]
  /** The store's status after the live run, when it is not `done`. */
  readonly storeStatus?: string
}

const NO_CONFIRM_ECHO =
  'AgentScope 2.0.0 sends no USER_CONFIRM_RESULT when a run resumes with ConfirmResults (added in 2.0.1), so the kit never ' +
  'learns the answer: the approved call stays `asking` with its old arguments, a denial gets no DENIED result, and ' +
  'pendingConfirmation is never cleared (the chat stays blocked on a question already answered).'
const CONFIRM_ECHO_FIX =
  'src/store/create-agent-store.ts `startRun`: for a `confirm` run, when the first top-level event after AGENT_START ' +
  'is not USER_CONFIRM_RESULT, reduce a client-side USER_CONFIRM_RESULT { replyId: pending.requestReplyId, confirmResults } ' +
  'first (no id, so a server echo still de-duplicates nothing); the reducer (src/core/apply-hitl.ts applyUserConfirmResult) ' +
  'then applies approvals, edits and denials. replayEvents alone cannot know the answers.'
const PENDING_DELETE = 'still pending confirmation: ["#1"]'
const ASKING_DELETE =
  'exchange 0 ("Delete the report (confirm)"): only the kit has {"type":"tool_use","id":"#1","name":"delete_file","input":{"path":"/tmp/report.txt"},"content":"{\\"path\\": \\"/tmp/report.txt\\"}","metadata":{},"state":"asking"}'
const ALLOWED_DELETE =
  'exchange 0 ("Delete the report (confirm)"): only the server has {"type":"tool_use","id":"#1","name":"delete_file","input":{"path":"/tmp/report.txt"},"content":"{\\"path\\": \\"/tmp/report.txt\\"}","metadata":{},"state":"allowed"}'

/** Scenario name → the gap. A scenario that is not listed must match the server exactly. */
export const KNOWN_GAPS: Readonly<Record<string, KnownGap>> = {
  'interleaved-tool-arguments': {
    cause:
      'A provider that tags each argument fragment with its call id (name "__fragment__") makes ReActAgent 2.0.0 emit the ' +
      'late fragments as TOOL_CALL_DELTAs after that call\'s TOOL_CALL_END, with no second START or END (startToolCall only ' +
      'STARTs real names). The kit appends them but never finalizes the arguments again: input stays {} and content "{}".',
    fix:
      'src/core/apply-tools.ts applyToolCallDelta (l. 91): a delta for a tool call whose entry is `done` re-opens it ' +
      '(status `streaming`), so that the next TOOL_CALL_END, the MODEL_CALL_END of its replyId, or the turn close ' +
      '(src/core/turns.ts closeEntry, l. 281) finalizes the whole text again.',
    differences: [
      'exchange 0 ("Interleave the weather lookups"): only the kit has {"type":"tool_use","id":"#1","name":"get_weather","input":{},"content":"{}","metadata":{},"state":"allowed"}',
      'exchange 0 ("Interleave the weather lookups"): only the kit has {"type":"tool_use","id":"#2","name":"get_weather","input":{},"content":"{}","metadata":{},"state":"allowed"}',
      'exchange 0 ("Interleave the weather lookups"): only the server has {"type":"tool_use","id":"#1","name":"get_weather","input":{"city":"Paris"},"content":"{\\"city\\": \\"Paris\\"}","metadata":{},"state":"allowed"}',
      'exchange 0 ("Interleave the weather lookups"): only the server has {"type":"tool_use","id":"#2","name":"get_weather","input":{"city":"Tokyo"},"content":"{\\"city\\": \\"Tokyo\\"}","metadata":{},"state":"allowed"}',
    ],
  },
  'hitl-approve': {
    cause: NO_CONFIRM_ECHO,
    fix: CONFIRM_ECHO_FIX,
    differences: [ASKING_DELETE, ALLOWED_DELETE, PENDING_DELETE],
    storeStatus: 'awaiting-confirmation',
  },
  'hitl-deny': {
    cause: NO_CONFIRM_ECHO,
    fix: CONFIRM_ECHO_FIX,
    differences: [
      'exchange 0 ("Delete the report (confirm)"): only the server has {"type":"tool_result","id":"#1","name":"delete_file","output":[{"type":"text","text":"Permission denied by user"}],"metadata":{},"state":"denied"}',
      PENDING_DELETE,
    ],
    storeStatus: 'awaiting-confirmation',
  },
  'hitl-edit': {
    cause: NO_CONFIRM_ECHO,
    fix: CONFIRM_ECHO_FIX,
    differences: [
      ASKING_DELETE,
      'exchange 0 ("Delete the report (confirm)"): only the server has {"type":"tool_use","id":"#1","name":"delete_file","input":{"path":"/tmp/report-draft.txt"},"content":"{\\"path\\":\\"/tmp/report-draft.txt\\"}","metadata":{},"state":"allowed"}',
      PENDING_DELETE,
    ],
    storeStatus: 'awaiting-confirmation',
  },
  'hitl-always-allow': {
    cause: NO_CONFIRM_ECHO,
    fix: CONFIRM_ECHO_FIX,
    differences: [ASKING_DELETE, ALLOWED_DELETE, PENDING_DELETE],
    refusals: ['The agent is waiting for you to approve or deny its tool calls: answer them before sending a message.'],
    storeStatus: 'awaiting-confirmation',
  },
  'external-execution': {
    cause:
      'AgentScope 2.0.0 sends neither REQUIRE_EXTERNAL_EXECUTION nor EXTERNAL_EXECUTION_RESULT (added after 2.0.0), and its ' +
      'TOOL_RESULT_END carries no metadata (no agentscope_suspended). The kit therefore never sets pendingExternalExecution, ' +
      'so `submitToolResults` refuses, and it never sees the results the client returned.',
    fix:
      'src/core/apply-lifecycle.ts applyAgentResult (l. 36): at top level, a result whose agentscope_generate_reason is ' +
      'TOOL_SUSPENDED sets pendingExternalExecution to its tool_use blocks (those paired with a suspended tool_result) when no ' +
      'REQUIRE_EXTERNAL_EXECUTION came; and src/store/create-agent-store.ts `startRun` reduces a client-side ' +
      'EXTERNAL_EXECUTION_RESULT { toolResults } after AGENT_START of a `tool-results` run when the server sends none.',
    differences: [
      'exchange 0 ("Read the pricing page (external)"): only the server has {"type":"tool_result","id":"#1","name":"read_browser_page","output":[{"type":"text","text":"Starter $0/mo · Pro $29/mo per seat"}],"metadata":{},"state":"success"}',
    ],
    refusals: ['No tool call is waiting for external execution.'],
  },
  interrupt: {
    cause:
      'AgentScope 2.0.0 answers an interrupt with its canned Msg but without agentscope_generate_reason=INTERRUPTED (added ' +
      'after 2.0.0), so the kit closes the turn `completed`.',
    fix:
      'src/core/turns.ts resolveGenerateReason (l. 310): when the result has no reason and is exactly ReActAgent\'s canned ' +
      'recovery Msg (one text block "I noticed that you have interrupted me. What can I do for you?"), the reason is ' +
      'INTERRUPTED, as apply-hitl.ts already matches upstream\'s literal "Permission denied by user".',
    differences: ['turn statuses ["completed"], expected ["interrupted"]'],
  },
}
