import { createContext, useContext } from 'react'
import type { AgentStringOverrides, AgentStrings } from './agent-strings'
import { EN } from './en'
import { ZH_CN } from './zh-cn'

export type { AgentStringOverrides, AgentStrings } from './agent-strings'
export { secondsBetween } from './seconds-between'

/** The languages the kit's own strings come in. */
export type AgentLocaleName = 'en' | 'zh-CN'

/** A built-in language by name, or strings of your own (every key, typed: start from `AGENT_STRINGS.en`). */
export type AgentLocale = AgentLocaleName | AgentStrings

/** The kit's built-in strings by language. */
export const AGENT_STRINGS: Readonly<Record<AgentLocaleName, AgentStrings>> = { en: EN, 'zh-CN': ZH_CN }

/** The strings of a locale with single strings overridden; the same object when there is nothing to override. */
export function resolveAgentStrings(locale: AgentLocale = 'en', overrides?: AgentStringOverrides): AgentStrings {
  const base = typeof locale === 'string' ? (AGENT_STRINGS[locale] ?? EN) : locale
  if (overrides === undefined) return base
  const merged: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue
    const current = merged[key]
    const grouped = typeof value === 'object' && value !== null && typeof current === 'object' && current !== null
    merged[key] = grouped ? { ...current, ...value } : value
  }
  return merged as AgentStrings
}

/** The locale of the nearest `<AgentChat locale strings>`: a built-in name, or resolved strings. */
export const AgentLocaleContext = createContext<AgentLocale>('en')

/** The strings in the chat's locale, overrides applied. */
export function useAgentStrings(): AgentStrings {
  const locale = useContext(AgentLocaleContext)
  return typeof locale === 'string' ? (AGENT_STRINGS[locale] ?? EN) : locale
}

/** The language tag of the chat's strings (`en`, `zh-CN`, or the `lang` of your own). */
export function useAgentLocale(): string {
  return useAgentStrings().lang
}
