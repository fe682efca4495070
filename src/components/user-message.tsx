import { forwardRef, memo, useContext, useId, useState } from 'react'
import type { HTMLAttributes } from 'react'
import type { ContentBlock, MediaSource, Msg } from '../core/message'
import { AgentStoreContext } from '../react/agent-context'
import { useAgentStore } from '../react/use-agent-store'
import type { AgentStoreState } from '../store/agent-store-state'
import { useAgentStrings } from './i18n'
import { LazySourcedMediaView as SourcedMediaView } from './chat-parts'

/** Props of {@link UserMessageView}. */
export interface UserMessageViewProps extends HTMLAttributes<HTMLDivElement> {
  readonly message: Msg
}

function textOf(message: Msg): string {
  return message.content.flatMap((block) => (block.type === 'text' ? [String((block as { text?: unknown }).text ?? '')] : [])).join('\n')
}

// The last user message can be edited and sent again while the chat is idle and not waiting for an answer.
function selectEditable(state: AgentStoreState, message: Msg): boolean {
  if (state.status === 'streaming' || state.status === 'connecting') return false
  if (state.agent.pendingConfirmation !== null || state.agent.pendingExternalExecution !== null) return false
  for (let position = state.transcript.length - 1; position >= 0; position--) {
    const item = state.transcript[position]!
    if (item.kind === 'user') return item.message === message
  }
  return false
}

function EditAction({ message, onEdit }: { readonly message: Msg; readonly onEdit: () => void }) {
  const strings = useAgentStrings()
  const editable = useAgentStore((state) => selectEditable(state, message))
  if (!editable) return null
  return (
    <button type="button" className="as-action as-user-edit" onClick={onEdit}>
      {strings.editMessage}
    </button>
  )
}

/** A message the user sent: its text and its attachments; the last one can be edited and sent again. */
export const UserMessageView = memo(
  forwardRef<HTMLDivElement, UserMessageViewProps>(function UserMessageView({ message, ...rest }, ref) {
    const strings = useAgentStrings()
    // Outside a chat (a story, a transcript view) the message is shown, not edited.
    const store = useContext(AgentStoreContext)
    const [draft, setDraft] = useState<string | null>(null)
    const editorId = useId()
    const resend = () => {
      if (draft === null || draft.trim() === '') return
      const media = message.content.filter((block) => block.type !== 'text')
      const blocks: ContentBlock[] = [{ type: 'text', text: draft } as ContentBlock, ...media]
      setDraft(null)
      // The edited message and its answer take the place of the last exchange.
      store
        ?.getState()
        .resend(blocks)
        .catch(() => {})
    }
    return (
      <div className="as-user" data-as-role="user" data-state={draft === null ? undefined : 'editing'} {...rest} ref={ref}>
        <span className="as-visually-hidden">{strings.you}: </span>
        {draft !== null ? (
          <div className="as-user-editor">
            <label htmlFor={editorId} className="as-visually-hidden">
              {strings.editMessage}
            </label>
            <textarea
              id={editorId}
              value={draft}
              rows={Math.min(8, draft.split('\n').length + 1)}
              autoFocus
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setDraft(null)
                else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) resend()
                else return
                event.preventDefault()
              }}
            />
            <div className="as-actions">
              <button type="button" data-variant="primary" disabled={draft.trim() === ''} onClick={resend}>
                {strings.resend}
              </button>
              <button type="button" onClick={() => setDraft(null)}>
                {strings.cancel}
              </button>
            </div>
          </div>
        ) : (
          message.content.map((block, index) => {
            if (block.type === 'text') {
              return (
                <p key={index} className="as-user-text">
                  {String((block as { text?: unknown }).text ?? '')}
                </p>
              )
            }
            const source = (block as { source?: MediaSource }).source
            return source === undefined ? null : (
              <SourcedMediaView key={index} source={source} blockType={block.type} name={(block as { name?: string }).name} />
            )
          })
        )}
        {store !== null && draft === null && <EditAction message={message} onEdit={() => setDraft(textOf(message))} />}
      </div>
    )
  }),
)
