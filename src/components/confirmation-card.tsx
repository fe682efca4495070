import { forwardRef, useDeferredValue, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { HTMLAttributes } from 'react'
import { allowRule } from '../core/build-message'
import type { PermissionRule, ToolUseBlock } from '../core/message'
import type { ConfirmationDecision } from '../core/build-message'
import { jsonDiff } from './json-diff'
import type { DiffLine } from './json-diff'
import { useAgentStrings } from './i18n'
import { prettyJson } from './format-json'
import { lossyNumbers } from './lossy-numbers'
import { JsonView } from './json-view'
import { visibleName } from './visible-name'

/** Props of {@link ConfirmationCard}. */
export interface ConfirmationCardProps extends Omit<HTMLAttributes<HTMLElement>, 'onChange'> {
  readonly toolCall: ToolUseBlock
  /** The decision taken so far for this call, if any. */
  readonly decision?: ConfirmationDecision
  readonly onDecide: (decision: ConfirmationDecision) => void
  readonly disabled?: boolean
  /**
   * `inline` sits inside the call's tool card, which already shows the name and arguments: only the actions
   * (and the editor or rule they open) are rendered.
   * @default 'card'
   */
  readonly variant?: 'card' | 'inline'
  /** Offer approve / deny; false when the transport cannot carry an answer (`note` says why). @default true */
  readonly canAnswer?: boolean
  /** Offer "Edit arguments"; false when the transport cannot carry edited arguments. @default true */
  readonly canEdit?: boolean
  /** Offer "Always allow"; false when the transport cannot carry permission rules. @default true */
  readonly canAlwaysAllow?: boolean
  /** What the transport cannot carry, in plain words, shown once where the user acts. */
  readonly note?: string | null
}

type Mode = 'view' | 'edit' | 'rule'

/** What "always allow" stores: the single string argument (a command, a path), else the raw JSON arguments. */
export function ruleContentOf(call: ToolUseBlock): string | null {
  const values = Object.values(call.input ?? {})
  if (values.length === 1 && typeof values[0] === 'string') return values[0]
  return call.content ?? JSON.stringify(call.input)
}

// Runs of unchanged lines longer than this fold to their ends and a count, so a one-line edit of large arguments
// shows a few lines, not all of them.
const CONTEXT_LINES = 2

function changedLines(lines: readonly DiffLine[], unchanged: (count: number) => string): DiffLine[] {
  const shown: DiffLine[] = []
  for (let start = 0; start < lines.length;) {
    let end = start
    while (end < lines.length && lines[end]?.change === 'same') end++
    if (end - start > 2 * CONTEXT_LINES + 1) {
      shown.push(
        ...lines.slice(start, start + CONTEXT_LINES),
        { change: 'same', text: `  ${unchanged(end - start - 2 * CONTEXT_LINES)}` },
        ...lines.slice(end - CONTEXT_LINES, end),
      )
    } else {
      shown.push(...lines.slice(start, end))
    }
    if (end < lines.length) shown.push(lines[end] as DiffLine)
    start = end + 1
  }
  return shown
}

function parseArguments(text: string, strings: ReturnType<typeof useAgentStrings>): { input?: Record<string, unknown>; error?: string } {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: strings.notAnObject }
    return { input: value as Record<string, unknown> }
  } catch (error) {
    return { error: strings.invalidJson(error instanceof Error ? error.message : String(error)) }
  }
}

/** One tool call waiting for the user: approve, deny, edit its arguments (validated, with a diff) or always allow. */
export const ConfirmationCard = forwardRef<HTMLElement, ConfirmationCardProps>(function ConfirmationCard(
  { toolCall, decision, onDecide, disabled = false, variant = 'card', canAnswer = true, canEdit = true, canAlwaysAllow = true, note = null, ...rest },
  ref,
) {
  const strings = useAgentStrings()
  const [mode, setMode] = useState<Mode>('view')
  // Written out, parsed and scanned only once the editor opens: five cards of 1.6 MB arguments took 0.5 s to mount.
  const editing = mode === 'edit'
  const [typed, setDraft] = useState<string | null>(null)
  const written = useMemo(() => (editing ? prettyJson(toolCall.input) : ''), [editing, toolCall.input])
  const draft = typed ?? written
  const [ruleScope, setRuleScope] = useState<'exact' | 'any'>('exact')
  const editorId = useId()
  const errorId = useId()
  const ruleGroup = useId()
  const name = visibleName(toolCall.name ?? toolCall.id)
  // The diff follows the typing at React's pace (the arguments may be large); what is approved is what is typed.
  const shownDraft = useDeferredValue(draft)
  const parsed = useMemo(() => (editing ? parseArguments(shownDraft, strings) : { input: undefined }), [editing, shownDraft, strings])
  // numbers an edit would send back changed: the edited arguments can't be approved, the call as it is can
  const lossy = useMemo(() => (editing ? lossyNumbers(toolCall.content ?? '') : []), [editing, toolCall.content])
  const ruleContent = ruleScope === 'any' ? null : ruleContentOf(toolCall)
  const rule: PermissionRule | null = toolCall.name === null || !canAlwaysAllow ? null : allowRule(toolCall, ruleContent)
  // Leaving the editor or the rule puts focus back on the button that opened it (else it would fall to the page).
  const actions = useRef<HTMLDivElement>(null)
  const openedFrom = useRef<Mode | null>(null)
  useLayoutEffect(() => {
    if (mode !== 'view' || openedFrom.current === null) return
    actions.current?.querySelector<HTMLElement>(`[data-mode='${openedFrom.current}']`)?.focus()
    openedFrom.current = null
  }, [mode])
  const back = () => {
    openedFrom.current = mode
    setMode('view')
  }
  const decide = (next: ConfirmationDecision) => {
    setMode('view')
    onDecide(next)
  }
  // Once answered, the answer taken is pressed and the other steps back; both stay, to change the answer.
  const pressed = (approved: boolean) => (decision === undefined ? undefined : decision.approved === approved)
  return (
    <article
      className="as-confirm"
      data-variant={variant}
      data-decision={decision === undefined ? 'none' : decision.approved ? 'approved' : 'denied'}
      aria-label={name}
      {...rest}
      ref={ref}
    >
      {variant === 'card' && (
        <header className="as-tool-header">
          <bdi className="as-tool-name">{name}</bdi>
          {decision !== undefined && (
            <span className="as-badge" data-status={decision.approved ? 'success' : 'denied'}>
              {strings.decided(decision.approved)}
              {decision.input !== undefined ? ` · ${strings.toolEdited}` : ''}
            </span>
          )}
        </header>
      )}
      {variant === 'card' && mode !== 'edit' && <JsonView className="as-tool-arguments" value={decision?.input ?? toolCall.input} />}
      {mode === 'edit' && (
        <div className="as-confirm-editor">
          <label htmlFor={editorId}>{strings.toolArguments}</label>
          <textarea
            id={editorId}
            autoFocus
            value={draft}
            spellCheck={false}
            rows={Math.min(16, draft.split('\n').length + 1)}
            aria-invalid={parsed.error !== undefined}
            aria-describedby={parsed.error === undefined ? undefined : errorId}
            onChange={(event) => setDraft(event.target.value)}
          />
          {lossy.length > 0 && (
            <p className="as-field-error" role="alert">
              {strings.lossyNumbers(lossy.slice(0, 3).join(', '))}
            </p>
          )}
          {parsed.error !== undefined ? (
            <p id={errorId} className="as-field-error" role="alert">
              {parsed.error}
            </p>
          ) : (
            <pre className="as-diff" aria-label={strings.changes}>
              {changedLines(jsonDiff(toolCall.input, parsed.input), strings.unchangedLines).map((line, index) => (
                <span key={index} className="as-diff-line" data-change={line.change}>
                  {line.text}
                  {'\n'}
                </span>
              ))}
            </pre>
          )}
        </div>
      )}
      {mode === 'rule' && rule !== null && (
        <fieldset className="as-confirm-rule">
          <legend>{strings.alwaysAllow}</legend>
          <label>
            <input type="radio" name={ruleGroup} checked={ruleScope === 'exact'} onChange={() => setRuleScope('exact')} autoFocus />{' '}
            {strings.ruleTheseArguments}
          </label>
          <label>
            <input type="radio" name={ruleGroup} checked={ruleScope === 'any'} onChange={() => setRuleScope('any')} /> {strings.ruleAnyArguments}
          </label>
          <p className="as-rule-text">{strings.alwaysAllowRule(rule.tool_name, rule.rule_content)}</p>
        </fieldset>
      )}
      {note !== null && <p className="as-confirm-note">{note}</p>}
      <div className="as-actions" ref={actions}>
        {mode === 'view' && canAnswer && (
          <>
            <button
              type="button"
              data-variant="primary"
              aria-pressed={pressed(true)}
              disabled={disabled}
              onClick={() => decide({ toolCallId: toolCall.id, approved: true })}
            >
              {strings.approve}
            </button>
            <button
              type="button"
              data-variant="danger"
              aria-pressed={pressed(false)}
              disabled={disabled}
              onClick={() => decide({ toolCallId: toolCall.id, approved: false })}
            >
              {strings.deny}
            </button>
            {canEdit && (
              <button type="button" data-mode="edit" disabled={disabled} onClick={() => setMode('edit')}>
                {strings.edit}
              </button>
            )}
            {rule !== null && (
              <button type="button" data-mode="rule" disabled={disabled} onClick={() => setMode('rule')}>
                {strings.alwaysAllow}
              </button>
            )}
          </>
        )}
        {mode === 'edit' && (
          <>
            <button
              type="button"
              data-variant="primary"
              disabled={disabled || parsed.input === undefined || lossy.length > 0}
              onClick={() => {
                const typed = parseArguments(draft, strings).input
                if (typed !== undefined) decide({ toolCallId: toolCall.id, approved: true, input: typed })
              }}
            >
              {strings.approveEdited}
            </button>
            <button type="button" onClick={back}>
              {strings.cancelEdit}
            </button>
          </>
        )}
        {mode === 'rule' && rule !== null && (
          <>
            <button
              type="button"
              data-variant="primary"
              disabled={disabled}
              onClick={() => decide({ toolCallId: toolCall.id, approved: true, rules: [rule] })}
            >
              {strings.confirmRule}
            </button>
            <button type="button" onClick={back}>
              {strings.cancel}
            </button>
          </>
        )}
      </div>
    </article>
  )
})
