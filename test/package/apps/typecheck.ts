// Compiled by tsc under moduleResolution bundler, node16 and nodenext: the three entries' types must resolve
// (an unresolved import would make them `any`, which the `IsAny` checks below catch).
import { AgentChat, createAgentStore, useAgentStream, type AgentStore } from 'agentscope-react'
import { type AgentSnapshot, type AgentState, type AgentStreamError, replayEvents } from 'agentscope-react/core'
import { scriptedAgentPlugin, startScriptedAgentServer } from 'agentscope-react/testing'

type IsAny<T> = 0 extends 1 & T ? true : false
const notAny: [IsAny<typeof AgentChat>, IsAny<AgentStore>, IsAny<AgentState>, IsAny<typeof startScriptedAgentServer>] = [false, false, false, false]
const snapshot: AgentSnapshot = replayEvents([])
const error: IsAny<AgentStreamError['code']> = false
// @ts-expect-error an unknown store option is an error, which it would not be if the types were `any`
createAgentStore({ transport: undefined, unknownOption: 1 })
export { error, notAny, scriptedAgentPlugin, snapshot, useAgentStream }
