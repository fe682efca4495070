import type { EN } from './en'

/** Every string the kit shows, in one language, markdown's own labels included (`markdown`). */
export type AgentStrings = typeof EN

/** Overrides of single strings: any top-level string, or single entries of the grouped ones (`toolStatus`, `markdown` …). */
export type AgentStringOverrides = {
  readonly [Key in keyof AgentStrings]?: AgentStrings[Key] extends (...args: never[]) => unknown
    ? AgentStrings[Key]
    : AgentStrings[Key] extends object
      ? Partial<AgentStrings[Key]>
      : AgentStrings[Key]
}
