import { useMemo } from 'react'
import type { ToolUseEntry } from '../core/state'
import { partialToolInput } from '../core/partial-tool-input'

/** The arguments of a tool call so far: partial while they stream (parsed incrementally), final after. */
export function usePartialToolInput(entry: ToolUseEntry | undefined): unknown {
  return useMemo(() => (entry === undefined ? undefined : partialToolInput(entry)), [entry])
}
