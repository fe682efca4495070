import { memo } from 'react'
import { useToolCall } from '../react/use-tool-call'
import { useAgentComponents } from './components-context'
import { ownEntry } from './own-entry'
import { ToolCallCard } from './tool-call-card'
import { toolCallStatus } from './tool-status'

/** Props of {@link ToolCallView}. */
export interface ToolCallViewProps {
  readonly toolCallId: string
  readonly scopeKey: string
}

/** Renders a tool call with the renderer registered for its name, the fallback, or the kit's card. */
export const ToolCallView = memo(function ToolCallView({ toolCallId, scopeKey }: ToolCallViewProps) {
  const tool = useToolCall(toolCallId, scopeKey)
  const overrides = useAgentComponents().ToolCall
  if (tool === undefined) return null
  const Renderer = ownEntry(overrides?.byName, tool.call.block.name ?? '') ?? overrides?.Fallback ?? ToolCallCard
  const status = toolCallStatus(tool.call, tool.result, tool.active)
  return <Renderer call={tool.call} result={tool.result} status={status} input={tool.input} scopeKey={scopeKey} />
})
