import { forwardRef, useEffect, useId, useRef, useState } from 'react'
import type { ClipboardEvent, DragEvent, FormEvent, HTMLAttributes, KeyboardEvent } from 'react'
import type { ContentBlock } from '../core/message'
import { useAgentStream } from '../react/use-agent-stream'
import { useTransportCapabilities } from '../react/use-transport-capabilities'
import { attachmentBlock, attachmentProblem, DEFAULT_ATTACHMENT_POLICY, formatBytes } from './attachments'
import type { Attachment, AttachmentPolicy } from './attachments'
import { composeHandlers } from './compose-handlers'
import { useAgentStrings } from './i18n'
import { useFocusRescue } from './use-focus-rescue'
import { visibleName } from './visible-name'

/** Props of {@link Composer}. */
export interface ComposerProps extends Omit<HTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  readonly placeholder?: string
  /** Which files may be attached, and how large. @default DEFAULT_ATTACHMENT_POLICY */
  readonly attachments?: AttachmentPolicy | false
}

let attachmentSerial = 0

/** The message box: send with Enter (Shift+Enter for a new line), stop while the agent answers, attach files. */
export const Composer = forwardRef<HTMLFormElement, ComposerProps>(function Composer(
  { placeholder, attachments: policy = DEFAULT_ATTACHMENT_POLICY, onDragOver, onDragLeave, onDrop, ...rest },
  ref,
) {
  const strings = useAgentStrings()
  const { status, send, stop, pendingConfirmation, pendingExternalExecution } = useAgentStream()
  const [text, setText] = useState('')
  const [files, setFiles] = useState<readonly Attachment[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  const [stopping, setStopping] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const input = useRef<HTMLTextAreaElement>(null)
  useFocusRescue(input)
  const inputId = useId()
  const problemId = useId()
  const running = status === 'connecting' || status === 'streaming'
  const capabilities = useTransportCapabilities()
  // A pause the transport cannot answer is explained once where the user acts (the tray, or here for client tools).
  const blocked =
    pendingConfirmation !== null
      ? capabilities.confirm
        ? strings.composerBlockedConfirmation
        : strings.composerBlockedTransport
      : pendingExternalExecution !== null
        ? capabilities.externalResults
          ? strings.composerBlockedExternal
          : strings.transportCannotReturnResults
        : null
  const canSend = !running && blocked === null && (text.trim() !== '' || files.length > 0)

  const previews = useRef(new Set<string>())
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), [])
  const release = (gone: readonly Attachment[]) => {
    for (const attachment of gone) {
      if (attachment.previewUrl === null) continue
      URL.revokeObjectURL(attachment.previewUrl)
      previews.current.delete(attachment.previewUrl)
    }
  }
  // Over once the run is: set while rendering (not in an effect), so the end of a run is one commit, not two.
  if (stopping && !running) setStopping(false)

  const add = (list: FileList | readonly File[]) => {
    if (policy === false) return
    const accepted: Attachment[] = []
    const refused: string[] = []
    for (const file of Array.from(list)) {
      const reason = attachmentProblem(file, policy)
      if (reason === 'type') refused.push(strings.attachmentType(visibleName(file.name), visibleName(file.type)))
      else if (reason === 'size') refused.push(strings.attachmentTooLarge(visibleName(file.name), formatBytes(policy.maxBytes)))
      else {
        const previewUrl = file.type.startsWith('image/') ? URL.createObjectURL(file) : null
        if (previewUrl !== null) previews.current.add(previewUrl)
        accepted.push({ id: `attachment-${++attachmentSerial}`, file, previewUrl })
      }
    }
    setProblem(refused.length === 0 ? null : refused.join(' '))
    if (accepted.length > 0) setFiles((current) => [...current, ...accepted])
  }

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (!canSend) return
    let blocks: ContentBlock[]
    try {
      const media = await Promise.all(files.map(attachmentBlock))
      blocks = [...(text.trim() === '' ? [] : [{ type: 'text' as const, text }]), ...media]
    } catch {
      setProblem(strings.attachmentUnreadable(files.map((file) => visibleName(file.file.name)).join(', ')))
      return
    }
    setText('')
    release(files)
    setFiles([])
    setProblem(null)
    // A refusal or a failed run is reported by the store (error banner); nothing to do here.
    send(blocks).catch(() => {})
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an IME is composing (Chinese, Japanese input) picks a candidate: it must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && event.keyCode !== 229) {
      event.preventDefault()
      void submit()
    }
  }

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    if (event.clipboardData.files.length > 0) {
      event.preventDefault()
      add(event.clipboardData.files)
    }
  }

  const drop = (event: DragEvent<HTMLFormElement>) => {
    event.preventDefault()
    setDragging(false)
    if (event.dataTransfer.files.length > 0) add(event.dataTransfer.files)
  }

  return (
    <form
      className="as-composer"
      data-dragging={dragging ? '' : undefined}
      onSubmit={submit}
      {...rest}
      onDragOver={composeHandlers(onDragOver, (event) => {
        if (policy === false) return
        event.preventDefault()
        setDragging(true)
      })}
      onDragLeave={composeHandlers(onDragLeave, () => setDragging(false))}
      onDrop={composeHandlers(onDrop, drop)}
      ref={ref}
    >
      {files.length > 0 && (
        <ul className="as-attachments">
          {files.map((attachment) => (
            <li key={attachment.id}>
              {attachment.previewUrl !== null ? <img src={attachment.previewUrl} alt="" /> : <span className="as-file-icon" aria-hidden="true" />}
              <bdi className="as-attachment-name">{visibleName(attachment.file.name)}</bdi>
              <button
                type="button"
                aria-label={strings.removeAttachment(visibleName(attachment.file.name))}
                onClick={() => {
                  release([attachment])
                  setFiles(files.filter((candidate) => candidate !== attachment))
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem !== null && (
        <p id={problemId} className="as-field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="as-composer-row">
        {policy !== false && (
          <>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              accept={policy.accept.join(',')}
              onChange={(event) => {
                if (event.target.files) add(event.target.files)
                event.target.value = ''
              }}
            />
            <button type="button" className="as-icon-button" aria-label={strings.attach} onClick={() => fileInput.current?.click()}>
              +
            </button>
          </>
        )}
        <label htmlFor={inputId} className="as-visually-hidden">
          {strings.composerLabel}
        </label>
        <textarea
          id={inputId}
          ref={input}
          value={text}
          rows={1}
          placeholder={blocked ?? placeholder ?? strings.composerPlaceholder}
          aria-describedby={problem === null ? undefined : problemId}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        {running ? (
          <button
            type="button"
            data-variant="danger"
            disabled={stopping}
            onClick={() => {
              setStopping(true)
              void stop()
            }}
          >
            {stopping ? strings.stopping : strings.stop}
          </button>
        ) : (
          <button type="submit" data-variant="primary" disabled={!canSend}>
            {strings.send}
          </button>
        )}
      </div>
      {dragging && <div className="as-drop-hint">{strings.dropHere}</div>}
    </form>
  )
})
