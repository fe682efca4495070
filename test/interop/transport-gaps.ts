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
  },
  'agent-protocol': {
    'hitl-edit': 'editArguments',
    'hitl-always-allow': 'rules',
    'external-execution': 'externalResults',
  },
}

export const TRANSPORT_GAPS: Readonly<Record<TransportName, Readonly<Record<string, TransportGap>>>> = {
  native: {},
  agui: {},
  'agent-protocol': {},
}
