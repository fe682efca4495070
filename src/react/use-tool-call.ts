import { useMemo } from 'react'
import { useStore } from 'zustand'
import { useShallowSelector } from './use-shallow-selector'
import { MAIN_SCOPE } from '../core/state'
import type { JoinedToolCall } from '../store/selectors'
import { selectToolCall } from '../store/selectors'
import { useAgentStoreApi } from './agent-context'
import { usePartialToolInput } from './use-partial-tool-input'

/** A tool call with its latest result and its arguments so far (partial while they stream). */
export interface UseToolCallResult extends JoinedToolCall {
  /** The arguments: a best-effort partial object while they stream, the final `input` after. */
  readonly input: unknown
}

/** A tool call by id in a scope (top level by default), joined with its latest result. */
export function useToolCall(toolCallId: string, scopeKey = MAIN_SCOPE): UseToolCallResult | undefined {
  const view = useStore(
    useAgentStoreApi('useToolCall'),
    useShallowSelector((state) => {
      const found = selectToolCall(state, toolCallId, scopeKey)
      return { call: found?.call, result: found?.result, active: found?.active ?? false }
    }),
  )
  const { call, result, active } = view
  const input = usePartialToolInput(call)
  return useMemo(() => (call === undefined ? undefined : { call, result, active, input }), [call, result, active, input])
}
