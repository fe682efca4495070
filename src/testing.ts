/**
 * `agentscope-react/testing` (Node only): a scripted AgentScope-compatible server that speaks the native
 * event bridge (protocol §9.1) over real HTTP, for the demo and for tests, with no Java and no API key.
 *
 * Routes, under `basePath` (default `/api`):
 * - `POST /sessions/{id}/runs` with `{"msgs":[Msg]}`, `{"confirmResults":[…]}` or `{"toolResults":[…]}`:
 *   a `text/event-stream` of AgentEvents framed as Spring WebFlux writes them. A resume that upstream would
 *   reject with an `IllegalStateException` gets HTTP 500 and a Spring error body before anything streams;
 *   a second POST while a call streams gets 409.
 * - `POST /sessions/{id}/interrupt` → `{"interrupted":boolean}`.
 * - `GET /sessions/{id}/messages` → the stored context (`Msg[]`).
 * - `GET /scenarios` → `[{ name, keyword, description }]`; a keyword in the user's message picks the scenario.
 * - Agent Protocol (protocol §9.3): `POST /tasks`, `GET /tasks/{id}`, `GET /tasks/{id}/events` (256-frame replay,
 *   `from_seq`/`Last-Event-ID`), `POST /tasks/{id}/resume`, `POST /tasks/{id}/cancel`.
 * - AG-UI (protocol §9.2): `POST /agui/run` with a `RunAgentInput`, the same scenarios as AG-UI events.
 */
export { createScriptedAgentHandler } from './testing/create-scripted-agent-handler'
export type { NextFunction, ScriptedAgentHandler, ScriptedAgentOptions } from './testing/create-scripted-agent-handler'
export { startScriptedAgentServer } from './testing/start-scripted-agent-server'
export type { ScriptedAgentServer, ScriptedAgentServerOptions } from './testing/start-scripted-agent-server'
export { scriptedAgentPlugin } from './testing/scripted-agent-plugin'
export type { ScriptedAgentPlugin, ScriptedAgentPluginServer } from './testing/scripted-agent-plugin'
export type { Pace } from './testing/pace'
export type { ScenarioInfo } from './testing/scenario-catalog'
export { INTERRUPTED_REPLY } from './testing/agent-loop'
export { PERMISSION_DENIED_BY_USER } from './testing/resume'
export { AWAITING_EXTERNAL_EXECUTION } from './testing/acting'
