/**
 * What replaying a recording of AgentScope 2.0.0 with `replayEvents` alone cannot rebuild: 2.0.0 does not echo
 * the user's answers (USER_CONFIRM_RESULT, EXTERNAL_EXECUTION_RESULT arrived in 2.0.1), so only the store, which
 * knows what it sent, supplies them (src/transport/agentscope-compat.ts, withAgentScopeCompat). The live interop runs go
 * through the store and must match the server exactly; test/core/recorded-fixtures.test.ts replays the events
 * alone and allows exactly these differences, no more and no fewer.
 */

/** Why a replay of events alone differs from what the server stored. */
export interface ReplayGap {
  readonly cause: string
  /** The differences `compareWithContext` reports, verbatim. */
  readonly differences: readonly string[]
}

const NO_CONFIRM_ECHO =
  'AgentScope 2.0.0 sends no USER_CONFIRM_RESULT when a run resumes with ConfirmResults: the events never say what the ' +
  'user answered, so the approved call stays `asking` (with its old arguments), a denial has no DENIED result, and the ' +
  'confirmation stays pending. The store applies the answer it sent; replayEvents cannot.'
const NO_RESULTS_ECHO =
  'AgentScope 2.0.0 sends no EXTERNAL_EXECUTION_RESULT when a run resumes with tool results: the events never carry the ' +
  'result the client returned, so it is missing and the call stays pending. The store applies the results it sent; ' +
  'replayEvents cannot.'

/** Scenario name → what a replay of its events alone gets wrong. A scenario not listed must replay exactly. */
export const REPLAY_GAPS: Readonly<Record<string, ReplayGap>> = {
  'external-execution': {
    cause: NO_RESULTS_ECHO,
    differences: [
      'exchange 0 ("Read the pricing page (external)"): only the server has {"type":"tool_result","id":"#1","name":"read_browser_page","output":[{"type":"text","text":"Starter $0/mo · Pro $29/mo per seat"}],"metadata":{},"state":"success"}',
      'still pending external execution: ["#1"]',
    ],
  },
  'hitl-always-allow': {
    cause: NO_CONFIRM_ECHO,
    differences: [
      'exchange 0 ("Delete the report (confirm)"): only the kit has {"type":"tool_use","id":"#1","name":"delete_file","input":{"path":"/tmp/report.txt"},"content":"{\\"path\\": \\"/tmp/report.txt\\"}","metadata":{},"state":"asking"}',
      'exchange 0 ("Delete the report (confirm)"): only the server has {"type":"tool_use","id":"#1","name":"delete_file","input":{"path":"/tmp/report.txt"},"content":"{\\"path\\": \\"/tmp/report.txt\\"}","metadata":{},"state":"allowed"}',
      'still pending confirmation: ["#1"]',
    ],
  },
  'hitl-approve': {
    cause: NO_CONFIRM_ECHO,
    differences: [
      'exchange 0 ("Delete the report (confirm)"): only the kit has {"type":"tool_use","id":"#1","name":"delete_file","input":{"path":"/tmp/report.txt"},"content":"{\\"path\\": \\"/tmp/report.txt\\"}","metadata":{},"state":"asking"}',
      'exchange 0 ("Delete the report (confirm)"): only the server has {"type":"tool_use","id":"#1","name":"delete_file","input":{"path":"/tmp/report.txt"},"content":"{\\"path\\": \\"/tmp/report.txt\\"}","metadata":{},"state":"allowed"}',
      'still pending confirmation: ["#1"]',
    ],
  },
  'hitl-deny': {
    cause: NO_CONFIRM_ECHO,
    differences: [
      'exchange 0 ("Delete the report (confirm)"): only the server has {"type":"tool_result","id":"#1","name":"delete_file","output":[{"type":"text","text":"Permission denied by user"}],"metadata":{},"state":"denied"}',
      'still pending confirmation: ["#1"]',
    ],
  },
  'hitl-edit': {
    cause: NO_CONFIRM_ECHO,
    differences: [
      'exchange 0 ("Delete the report (confirm)"): only the kit has {"type":"tool_use","id":"#1","name":"delete_file","input":{"path":"/tmp/report.txt"},"content":"{\\"path\\": \\"/tmp/report.txt\\"}","metadata":{},"state":"asking"}',
      'exchange 0 ("Delete the report (confirm)"): only the server has {"type":"tool_use","id":"#1","name":"delete_file","input":{"path":"/tmp/report-draft.txt"},"content":"{\\"path\\":\\"/tmp/report-draft.txt\\"}","metadata":{},"state":"allowed"}',
      'still pending confirmation: ["#1"]',
    ],
  },
}

const NO_RESULTS_ECHO_2_0_2 =
  'AgentScope 2.0.2 echoes USER_CONFIRM_RESULT when a run resumes (2.0.0 did not) but still no EXTERNAL_EXECUTION_RESULT: ' +
  'the events never carry the result the client returned, so a replay alone leaves the call pending. The store applies ' +
  'the results it sent.'

/**
 * AgentScope 2.0.2 recordings (test/core/recorded-2.0.2.test.ts): where a replay of a transport's events alone does
 * worse than the store (which applies what it sent), every difference of the recording, by `<transport>/<scenario>`.
 */
export const REPLAY_GAPS_2_0_2: Readonly<Record<string, ReplayGap>> = {
  'native/external-execution': {
    cause: NO_RESULTS_ECHO_2_0_2,
    differences: [
      'exchange 0 ("Read the pricing page (external)"): only the server has {"type":"tool_result","id":"#1","name":"read_browser_page","output":[{"type":"text","text":"Starter $0/mo · Pro $29/mo per seat"}],"metadata":{},"state":"success"}',
      'still pending external execution: ["#1"]',
    ],
  },
  'agui/external-execution': {
    cause: `${NO_RESULTS_ECHO_2_0_2} Over AG-UI the result the server stores is also its own TOOL Msg (no name, agui.* metadata).`,
    differences: [
      'exchange 0 ("Read the pricing page (external)"): only the server has {"type":"tool_result","id":"#1","name":null,"output":[{"type":"text","text":"Starter $0/mo · Pro $29/mo per seat"}],"metadata":{"agui.interruptId":"<uuid>:#1","agui.resumeStatus":"resolved"},"state":"success"}',
      'still pending external execution: ["#1"]',
    ],
  },
}
