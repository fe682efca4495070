/**
 * What each transport cannot carry between the kit and AgentScope 2.0.2, measured by test/interop/transports.test.ts
 * against the example server's official endpoints. Two kinds:
 *
 * - `NOT_CARRIED`: a scenario the transport cannot run at all, with the capability (`TransportCapabilities`) that
 *   says so; the test checks that the transport declares it `false` and refuses the step, so the UI never offers it.
 * - `TRANSPORT_GAPS`: a scenario that runs, but whose rebuild differs from what the server stored, verbatim
 *   (`compareWithContext`'s sentences), with the cause. A difference not listed here fails, and so does one listed
 *   that no longer happens.
 */
import type { TransportCapabilities } from '../../src/transport/agent-transport'
import type { TransportName } from './scenarios'

export interface TransportGap {
  readonly cause: string
  readonly differences: readonly string[]
}

export const NOT_CARRIED: Readonly<Record<TransportName, Readonly<Record<string, keyof TransportCapabilities>>>> = {
  native: {},
  agui: {
    'hitl-approve': 'confirm',
    'hitl-deny': 'confirm',
    'hitl-edit': 'confirm',
    'hitl-always-allow': 'confirm',
    'subagent-confirm-approve': 'subagentConfirm',
    'subagent-confirm-deny': 'subagentConfirm',
  },
  'agent-protocol': {
    'hitl-edit': 'editArguments',
    'hitl-always-allow': 'rules',
    'external-execution': 'externalResults',
    'subagent-confirm-approve': 'subagentConfirm',
    'subagent-confirm-deny': 'subagentConfirm',
  },
}

/**
 * What Stop does to the run on the 2.0.2 server, per transport (the kit's turn ends `interrupted` on all three):
 * - `interrupted`: the native bridge's interrupt endpoint; the agent stores the partial reply and its canned answer.
 * - `cancelled`: AG-UI closes the connection; the starter's next write fails and the agent's stream is cancelled,
 *   so nothing of the reply is stored (its interrupt-on-disconnect targets the default session, not the thread).
 * - `runs on`: Agent Protocol's cancel marks the task cancelled and ends the stream; the agent runs to the end.
 */
export const STOP_ON_SERVER: Readonly<Record<TransportName, 'interrupted' | 'cancelled' | 'runs on'>> = {
  native: 'interrupted',
  agui: 'cancelled',
  'agent-protocol': 'runs on',
}

export const TRANSPORT_GAPS: Readonly<Record<TransportName, Readonly<Record<string, TransportGap>>>> = {
  native: {
    'hitl-always-allow': {
      cause:
        'AgentScope 2.0.2 with an AgentStateStore (as upstream recommends; here JsonFileAgentStateStore) rebuilds the permission engine from the stored state at the start of every call (ReActAgent.activateSlotForContext), and a rule sent with a ConfirmResult is only added to that call\'s engine (PermissionEngine.addRule), never stored: "always allow" holds for the resumed call, and the next delete asks again. On 2.0.0 (in-memory state) the rule sticks. An upstream bug; the kit sends the rule either way.',
      differences: [
        'exchange 1 ("Delete the report again (confirm)"): only the kit has {"type":"tool_use","id":"#4","name":"get_weather","input":{"city":"Berlin"},"content":"{\\"city\\": \\"Berlin\\"}","metadata":{},"state":"pending"}',
        'exchange 1 ("Delete the report again (confirm)"): only the server has {"type":"tool_use","id":"#4","name":"get_weather","input":{"city":"Berlin"},"content":"{\\"city\\": \\"Berlin\\"}","metadata":{},"state":"allowed"}',
        'turn statuses ["awaiting_confirmation","completed","awaiting_confirmation"], expected ["awaiting_confirmation","completed","completed"]',
        'still pending confirmation: ["#3"]',
      ],
    },
  },
  agui: {
    'tool-error': {
      cause: "AG-UI's TOOL_CALL_RESULT has no state: a failed tool reads as a successful result with the error text.",
      differences: [
        'exchange 0 ("Look up order A-1001 (error)"): only the kit has {"type":"tool_result","id":"#1","name":"lookup_order","output":[{"type":"text","text":"Error: Tool execution failed: order service unavailable for A-1001"}],"metadata":{},"state":"success"}',
        'exchange 0 ("Look up order A-1001 (error)"): only the server has {"type":"tool_result","id":"#1","name":"lookup_order","output":[{"type":"text","text":"Error: Tool execution failed: order service unavailable for A-1001"}],"metadata":{},"state":"error"}',
      ],
    },
    'external-execution': {
      cause:
        "AG-UI's resume becomes a TOOL Msg made by the server (AguiMessageConverter.toToolResultMsg): no tool name, and metadata agui.interruptId / agui.resumeStatus.",
      differences: [
        'exchange 0 ("Read the pricing page (external)"): only the kit has {"type":"tool_result","id":"#1","name":"read_browser_page","output":[{"type":"text","text":"Starter $0/mo · Pro $29/mo per seat"}],"metadata":{},"state":"success"}',
        'exchange 0 ("Read the pricing page (external)"): only the server has {"type":"tool_result","id":"#1","name":null,"output":[{"type":"text","text":"Starter $0/mo · Pro $29/mo per seat"}],"metadata":{"agui.interruptId":"<uuid>:#1","agui.resumeStatus":"resolved"},"state":"success"}',
      ],
    },
  },
  'agent-protocol': {
    plain: {
      cause: "Agent Protocol sends only the user's text: the server makes its own user message, with its own id.",
      differences: ['exchange 0 ("Hello!"): user message {"id":"<uuid>","text":"Hello!"} ≠ {"id":"<uuid>","text":"Hello!"}'],
    },
    thinking: {
      cause: "Agent Protocol sends only the user's text: the server makes its own user message, with its own id.",
      differences: [
        'exchange 0 ("Think it over first"): user message {"id":"<uuid>","text":"Think it over first"} ≠ {"id":"<uuid>","text":"Think it over first"}',
      ],
    },
    'parallel-tools': {
      cause: "Agent Protocol sends only the user's text: the server makes its own user message, with its own id.",
      differences: [
        'exchange 0 ("Weather in Paris and Tokyo, in parallel"): user message {"id":"<uuid>","text":"Weather in Paris and Tokyo, in parallel"} ≠ {"id":"<uuid>","text":"Weather in Paris and Tokyo, in parallel"}',
      ],
    },
    'interleaved-tool-arguments': {
      cause: "Agent Protocol sends only the user's text: the server makes its own user message, with its own id.",
      differences: [
        'exchange 0 ("Interleave the weather lookups"): user message {"id":"<uuid>","text":"Interleave the weather lookups"} ≠ {"id":"<uuid>","text":"Interleave the weather lookups"}',
      ],
    },
    'streaming-tool': {
      cause: "Agent Protocol sends only the user's text: the server makes its own user message, with its own id.",
      differences: [
        'exchange 0 ("Stream the build log"): user message {"id":"<uuid>","text":"Stream the build log"} ≠ {"id":"<uuid>","text":"Stream the build log"}',
      ],
    },
    'tool-error': {
      cause: "Agent Protocol sends only the user's text: the server makes its own user message, with its own id.",
      differences: [
        'exchange 0 ("Look up order A-1001 (error)"): user message {"id":"<uuid>","text":"Look up order A-1001 (error)"} ≠ {"id":"<uuid>","text":"Look up order A-1001 (error)"}',
      ],
    },
    image: {
      cause: "Agent Protocol sends only the user's text: the server makes its own user message, with its own id.",
      differences: [
        'exchange 0 ("Draw the revenue chart (image)"): user message {"id":"<uuid>","text":"Draw the revenue chart (image)"} ≠ {"id":"<uuid>","text":"Draw the revenue chart (image)"}',
      ],
    },
    subagent: {
      cause: "Agent Protocol sends only the user's text: the server makes its own user message, with its own id.",
      differences: [
        'exchange 0 ("Ask the researcher (subagent)"): user message {"id":"<uuid>","text":"Ask the researcher (subagent)"} ≠ {"id":"<uuid>","text":"Ask the researcher (subagent)"}',
      ],
    },
    'subagent-exposed': {
      cause: "Agent Protocol sends only the user's text: the server makes its own user message, with its own id.",
      differences: [
        'exchange 0 ("Open the researcher for me (subagent exposed)"): user message {"id":"<uuid>","text":"Open the researcher for me (subagent exposed)"} ≠ {"id":"<uuid>","text":"Open the researcher for me (subagent exposed)"}',
      ],
    },
    'subagent-remote': {
      cause: "Agent Protocol sends only the user's text: the server makes its own user message, with its own id.",
      differences: [
        'exchange 0 ("Ask the remote researcher (subagent remote)"): user message {"id":"<uuid>","text":"Ask the remote researcher (subagent remote)"} ≠ {"id":"<uuid>","text":"Ask the remote researcher (subagent remote)"}',
      ],
    },
    'subagent-confirm': {
      cause: "Agent Protocol sends only the user's text: the server makes its own user message, with its own id.",
      differences: [
        'exchange 0 ("Ask the checker to delete the report (subagent confirm)"): user message {"id":"<uuid>","text":"Ask the checker to delete the report (subagent confirm)"} ≠ {"id":"<uuid>","text":"Ask the checker to delete the report (subagent confirm)"}',
      ],
    },
    'hitl-deny': {
      cause: "Agent Protocol sends only the user's text: the server makes its own user message, with its own id.",
      differences: [
        'exchange 0 ("Delete the report (confirm)"): user message {"id":"<uuid>","text":"Delete the report (confirm)"} ≠ {"id":"<uuid>","text":"Delete the report (confirm)"}',
      ],
    },
    'hitl-approve': {
      cause:
        "Agent Protocol sends only the user's text (the server makes its own user message and id), and its resume rebuilds the approved call from its input alone (AgentProtocolTaskStore.toConfirmResults): the stored call has no `content`.",
      differences: [
        'exchange 0 ("Delete the report (confirm)"): user message {"id":"<uuid>","text":"Delete the report (confirm)"} ≠ {"id":"<uuid>","text":"Delete the report (confirm)"}',
        'exchange 0 ("Delete the report (confirm)"): only the kit has {"type":"tool_use","id":"#1","name":"delete_file","input":{"path":"/tmp/report.txt"},"content":"{\\"path\\":\\"/tmp/report.txt\\"}","metadata":{},"state":"allowed"}',
        'exchange 0 ("Delete the report (confirm)"): only the server has {"type":"tool_use","id":"#1","name":"delete_file","input":{"path":"/tmp/report.txt"},"content":null,"metadata":{},"state":"allowed"}',
      ],
    },
    interrupt: {
      cause:
        "Agent Protocol sends only the user's text (the server makes its own user message and id); cancel does not stop the agent, which finishes its model call (usage and all) after the kit stopped.",
      differences: [
        'exchange 0 ("Write a long essay (interrupt me)"): user message {"id":"<uuid>","text":"Write a long essay (interrupt me)"} ≠ {"id":"<uuid>","text":"Write a long essay (interrupt me)"}',
        'exchange 0 ("Write a long essay (interrupt me)"): usage per model call [] ≠ [{"inputTokens":152,"outputTokens":68,"cachedTokens":0,"time":2,"totalTokens":220}]',
      ],
    },
    'max-iterations': {
      cause: "Agent Protocol sends only the user's text: the server makes its own user message, with its own id.",
      differences: [
        'exchange 0 ("Keep checking Oslo (max iterations)"): user message {"id":"<uuid>","text":"Keep checking Oslo (max iterations)"} ≠ {"id":"<uuid>","text":"Keep checking Oslo (max iterations)"}',
      ],
    },
  },
}
