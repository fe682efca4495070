import { AGENT_STRINGS } from '../../src'
import type { AgentLocaleName, AgentStrings } from '../../src'

/** The toolbar globals the preview decorator reads. */
export interface KitGlobals {
  readonly theme: 'light' | 'dark'
  readonly locale: AgentLocaleName
}

/** The theme and locale chosen in the toolbar. */
export function kitGlobals(globals: Readonly<Record<string, unknown>>): KitGlobals {
  return { theme: globals.theme === 'dark' ? 'dark' : 'light', locale: globals.locale === 'zh-CN' ? 'zh-CN' : 'en' }
}

/** The kit's strings in the toolbar locale, so play functions find buttons by the names the viewer sees. */
export function kitStrings(globals: Readonly<Record<string, unknown>>): AgentStrings {
  return AGENT_STRINGS[kitGlobals(globals).locale]
}
