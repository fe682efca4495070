/** Every scenario of the scripted server, and how a user message picks one. */
import { CUSTOM_EVENTS, ERROR_MIDWAY, HINTS, LONG_ANSWER, PLAIN_TEXT, THINKING, USAGE } from './scenarios-basic'
import { ALL_DENIED, CONFIRMATION, EXTERNAL_EXECUTION } from './scenarios-hitl'
import { GENERATED_IMAGE, LEGACY_TYPE_NAMES } from './scenarios-media'
import { UNBROKEN } from './scenarios-layout'
import { HOSTILE } from './scenarios-security'
import { LONG_RUNNING, MAX_ITERATIONS, PARALLEL_TOOLS, SUBAGENT, TOOL_CALL, TOOL_ERROR, TOOL_IMAGE } from './scenarios-tools'
import type { Scenario } from './scenario'

/** A scenario as `GET …/scenarios` lists it. */
export interface ScenarioInfo {
  readonly name: string
  /** Put this word in a message to run the scenario (case-insensitive, at the start of a word). */
  readonly keyword: string
  readonly description: string
}

// Keywords are tried in this order, so the more specific scenarios come first.
const SCRIPTED: readonly Scenario[] = [
  PARALLEL_TOOLS,
  TOOL_CALL,
  TOOL_ERROR,
  CONFIRMATION,
  ALL_DENIED,
  EXTERNAL_EXECUTION,
  GENERATED_IMAGE,
  TOOL_IMAGE,
  SUBAGENT,
  MAX_ITERATIONS,
  LONG_RUNNING,
  CUSTOM_EVENTS,
  HINTS,
  USAGE,
  ERROR_MIDWAY,
  LEGACY_TYPE_NAMES,
  HOSTILE,
  UNBROKEN,
  LONG_ANSWER,
  THINKING,
  PLAIN_TEXT,
]

/** The default when no keyword matches: a short markdown list of what to try. */
export const HELP: Scenario = {
  name: 'help',
  keyword: 'help',
  description: 'The default when no keyword matches: what this server can do, with every keyword.',
  reason: () => {
    const lines = SCRIPTED.map((scenario) => `- **${scenario.keyword}** — ${scenario.description}\n`)
    const deltas = [
      "Hi 👋 I'm a scripted AgentScope agent: no model, no API key, but real AgentScope events.",
      ' Put one of these words in your message to pick a scenario:\n\n',
      ...lines,
    ]
    return { chunks: deltas.map((delta) => ({ kind: 'text', delta })) }
  },
}

/** Every scenario, in the order keywords are tried; the default comes last. */
export const SCENARIOS: readonly Scenario[] = [...SCRIPTED, HELP]

/** The first scenario whose keyword starts a word of the text, or {@link HELP}. */
export function pickScenario(text: string): Scenario {
  const lowered = text.toLowerCase()
  return SCENARIOS.find((scenario) => new RegExp(`(^|[^a-z0-9])${scenario.keyword}`).test(lowered)) ?? HELP
}

/** Finds a scenario by name. */
export function scenarioNamed(name: string): Scenario | undefined {
  return SCENARIOS.find((scenario) => scenario.name === name)
}

/** The public description of every scenario. */
export function scenarioInfos(): ScenarioInfo[] {
  return SCENARIOS.map(({ name, keyword, description }) => ({ name, keyword, description }))
}
