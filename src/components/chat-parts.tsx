import type { ComponentType, RefAttributes } from 'react'
import { useAgentStore } from '../react/use-agent-store'
import { selectToolCall } from '../store/selectors'
import type { ConfirmationControllerProps } from './confirmation-context'
import type { ConfirmationTrayProps } from './confirmation-tray'
import { lazyPart } from './lazy-part'
import type { LazyPart } from './lazy-part'
import type { SourcedMediaViewProps } from './media-view'
import type { ToolCallViewProps } from './tool-call-view'
import type { ToolResultEntry } from '../core/state'
import type { StallNoticeProps } from './stall-notice'
import type { SubagentLaneViewProps } from './subagent-lane'
import type { ThinkingBlockViewProps } from './thinking-block'
import type { TurnActionsProps } from './turn-actions'
import type { UsageBadgeProps } from './usage-badge'
import { visibleName } from './visible-name'

/**
 * The parts of `<AgentChat>` a chat does not run at start, each a chunk of its own (see lazyPart), all in one place
 * so that {@link preloadChatParts} knows them: the tool card with its argument views, editor, diff and the
 * partial-JSON parser; media with the lightbox (and the check of its source); the batch bar with its confirmation
 * card, and the controller that gathers the answers; the thinking card; what a finished turn adds (usage, the stall
 * notice, its actions); subagent lanes.
 * A part must not import, even indirectly, a module holding an `import()` (this one, the markdown's loaders):
 * Rolldown keeps such a cycle of chunks, and every module they use, in apps that never reach it (one with the hooks
 * only). So a lane renders its turns with the `Turn` of AgentPartsContext rather than by importing TurnView.
 * The error banner stays in the first chunk: it has to show when the network is what failed.
 */

// While the card's chunk loads: the box of a folded card (its border and one header line), so nothing moves.
function ToolCallPlaceholder({ toolCallId, scopeKey }: ToolCallViewProps) {
  const name = useAgentStore((state) => selectToolCall(state, toolCallId, scopeKey)?.call.block.name)
  return (
    <article className="as-tool" data-as-block="tool_use" aria-busy="true">
      <div className="as-tool-header">
        <span className="as-tool-icon" aria-hidden="true" />
        <bdi className="as-tool-name">{name == null ? '…' : visibleName(name)}</bdi>
      </div>
    </article>
  )
}

const toolCallView = /* @__PURE__ */ lazyPart(() => import('./tool-call-view').then((module) => module.ToolCallView), ToolCallPlaceholder)

const toolOutput = /* @__PURE__ */ lazyPart<{ readonly result: ToolResultEntry; readonly toolName: string }>(
  () => import('./tool-output').then((module) => module.ToolOutput),
  () => null,
)

// An image takes its size only once loaded anyway: meanwhile its figure, empty. The media's source is resolved (and
// its URL checked) in the chunk too.
const mediaView = /* @__PURE__ */ lazyPart<SourcedMediaViewProps & RefAttributes<HTMLElement>>(
  () => import('./media-view').then((module) => module.SourcedMediaView),
  () => <figure className="as-media" aria-busy="true" />,
)

// Shown only while the agent asks, and the card only for a call the conversation has no tool card for.
const confirmationTray = /* @__PURE__ */ lazyPart<ConfirmationTrayProps>(
  () => import('./confirmation-tray').then((module) => module.ConfirmationTray),
  () => null,
)

// While the thinking card's chunk loads: its one closed line, so nothing moves.
const thinkingBlock = /* @__PURE__ */ lazyPart(
  () => import('./thinking-block').then((module) => module.ThinkingBlockView),
  ({ entry }: ThinkingBlockViewProps) => (
    <div data-as-block="thinking" data-status={entry.status} aria-busy="true">
      <span className="as-thinking-toggle">{'\u00a0'}</span>
    </div>
  ),
)

// The extras of a turn's footer: a failed download leaves them out rather than failing the turn (see lazyPart).
const usageBadge = /* @__PURE__ */ lazyPart<UsageBadgeProps>(
  () => import('./usage-badge').then((module) => module.UsageBadge),
  () => null,
  true,
)

const stallNotice = /* @__PURE__ */ lazyPart<StallNoticeProps>(
  () => import('./stall-notice').then((module) => module.StallNotice),
  () => null,
  true,
)

const turnActions = /* @__PURE__ */ lazyPart<TurnActionsProps>(
  () => import('./turn-actions').then((module) => module.TurnActions),
  () => null,
  true,
)

// The lane's frame, empty, while its chunk loads.
const subagentLane = /* @__PURE__ */ lazyPart<SubagentLaneViewProps & RefAttributes<HTMLElement>>(
  () => import('./subagent-lane-body').then((module) => module.SubagentLaneBody),
  () => <section className="as-lane" aria-busy="true" />,
)

// What gathers the answers while the agent asks (it renders nothing); without its chunk the cards offer no answers.
// Not optional: a failed download reaches the boundary around it (ConfirmationFrame), and the tray offers to retry.
const confirmationController = /* @__PURE__ */ lazyPart<ConfirmationControllerProps>(
  () => import('./confirmation-controller').then((module) => module.ConfirmationController),
  () => null,
)

export const LazyToolCallView: ComponentType<ToolCallViewProps> = toolCallView.Component
export const LazyToolOutput = toolOutput.Component
export const LazySourcedMediaView = mediaView.Component
export const LazyConfirmationTray = confirmationTray.Component
export const LazyConfirmationController = confirmationController.Component
export const LazyThinkingBlockView = thinkingBlock.Component
export const LazyUsageBadge = usageBadge.Component
export const LazyStallNotice = stallNotice.Component
export const LazyTurnActions = turnActions.Component
export const LazySubagentLane = subagentLane.Component

const PARTS: readonly LazyPart<never>[] = [
  toolCallView,
  toolOutput,
  mediaView,
  confirmationTray,
  confirmationController,
  thinkingBlock,
  usageBadge,
  stallNotice,
  turnActions,
  subagentLane,
] as never

/** Starts loading every lazy part of the chat; resolves once each has arrived (or failed). */
export function preloadChatParts(): Promise<unknown> {
  return Promise.allSettled(PARTS.map((part) => part.preload()))
}
