import { forwardRef, useId, useState } from 'react'
import type { HTMLAttributes } from 'react'
import { useSubagentKeysOf } from '../react/use-subagent-lane'
import { useAgentParts } from './components-context'
import type { ToolCallRendererProps } from './components-context'
import { ChunkedText } from './chunked-text'
import { jsonDiff } from './json-diff'
import { secondsBetween, useAgentStrings } from './i18n'
import { ToolOutput, prettyJson } from './tool-output'

/** Props of {@link ToolCallCard}. */
export interface ToolCallCardProps extends ToolCallRendererProps, Omit<HTMLAttributes<HTMLElement>, 'children'> {}

const STREAMING_TAIL = 2000

// While arguments stream, the reader follows their end; the whole text is shown, pretty, once complete.
function streamingTail(text: string): string {
  return text.length <= STREAMING_TAIL ? text : `…${text.slice(text.length - STREAMING_TAIL)}`
}

/** A tool call: name, live arguments, live output and a terminal state; subagents it spawned appear inside. */
export const ToolCallCard = forwardRef<HTMLElement, ToolCallCardProps>(function ToolCallCard(
  { call, result, status, input, scopeKey, ...rest },
  ref,
) {
  const strings = useAgentStrings()
  const lanes = useSubagentKeysOf(scopeKey === '' ? call.block.id : '')
  const { SubagentLane } = useAgentParts()
  const [showOriginal, setShowOriginal] = useState(false)
  const originalId = useId()
  // Results synthesized by the kit (a denial, an external result) start and end at once: no duration.
  const timed = result !== undefined && result.startedAt !== result.endedAt
  const seconds = timed ? secondsBetween(result.startedAt, result.endedAt) : null
  const name = call.block.name ?? '…'
  const streamingArguments = call.status === 'streaming'
  const edited = call.editedFrom
  return (
    <article className="as-tool" data-as-block="tool_use" data-status={status} data-tool={call.block.name ?? ''} {...rest} ref={ref}>
      <header className="as-tool-header">
        <span className="as-tool-name">{name}</span>
        <span className="as-badge" data-status={status}>
          {strings.toolStatus[status]}
        </span>
        {seconds !== null && <span className="as-muted">{strings.took(seconds)}</span>}
        {edited !== undefined && <span className="as-badge" data-status="edited">{strings.toolEdited}</span>}
      </header>
      <div className="as-tool-section" role="group" aria-label={`${strings.toolArguments}: ${name}`}>
        <pre className="as-tool-arguments" data-status={streamingArguments ? 'streaming' : 'done'}>
          {streamingArguments ? streamingTail(call.arguments) : <ChunkedText text={prettyJson(input)} />}
        </pre>
        {edited !== undefined && (
          <>
            <button
              type="button"
              className="as-link-button"
              aria-expanded={showOriginal}
              aria-controls={originalId}
              onClick={() => setShowOriginal(!showOriginal)}
            >
              {showOriginal ? strings.hideOriginal : strings.showOriginal}
            </button>
            <pre id={originalId} className="as-diff" hidden={!showOriginal}>
              {jsonDiff(edited.input, call.block.input).map((line, index) => (
                <span key={index} className="as-diff-line" data-change={line.change}>
                  {line.text}
                  {'\n'}
                </span>
              ))}
            </pre>
          </>
        )}
      </div>
      {result !== undefined && <ToolOutput result={result} toolName={name} />}
      {lanes.map((laneKey) => (
        <SubagentLane key={laneKey} scopeKey={laneKey} />
      ))}
    </article>
  )
})
