import { createContext, useContext } from 'react'
import { devError } from '../core/dev-error'
import { AGENT_STRINGS_ZH_CN } from './i18n-zh-cn'
import { MARKDOWN_MESSAGES_EN } from './markdown/locale'
import type { AgentStreamErrorCode } from '../core/errors'

/** What kind of problem a warning is, as the error banner words it. */
export type WarningKind = 'read' | 'apply' | 'render' | 'history' | 'other'

/** The kind of a warning by its code: unreadable wire data, an event the reducer failed on, a render failure, history. */
export function warningKindOf(code: AgentStreamErrorCode): WarningKind {
  switch (code) {
    case 'invalid-event':
    case 'malformed-frame': {
      return 'read'
    }
    case 'reducer-failed': {
      return 'apply'
    }
    case 'render-failed': {
      return 'render'
    }
    case 'invalid-history': {
      return 'history'
    }
    case 'http-error':
    case 'wrong-content-type':
    case 'incomplete-stream':
    case 'network-error':
    case 'refused':
    case 'timeout': {
      return 'other'
    }
    default: {
      code satisfies never
      return 'other'
    }
  }
}

/** The languages the kit's own strings come in. */
export type AgentLocaleName = 'en' | 'zh-CN'

// Made once: toLocaleString builds a formatter per call (~9 µs), and a clipped value renders its button every frame.
const EN_NUMBER = /*#__PURE__*/ new Intl.NumberFormat('en')

const EN = {
  /** The language tag of these strings (`lang` of the chat). */
  lang: 'en' as string,
  transcript: 'Conversation',
  you: 'You',
  assistant: 'Assistant',
  composerLabel: 'Message',
  composerPlaceholder: 'Ask the agent…',
  composerBlockedConfirmation: 'Answer the pending tool calls first',
  composerBlockedExternal: 'Submit the pending tool results first',
  composerBlockedTransport: 'Start a new conversation to go on',
  transportCannotConfirm:
    'This connection cannot send your answer back to the agent, so these tool calls cannot run here. Start a new conversation to go on.',
  transportApproveDenyOnly: 'Over this connection you can approve or deny only: changing the arguments and “Always allow” are not available.',
  transportCannotReturnResults:
    'This connection cannot return the results of tools run on your side, so the agent cannot go on with this turn. Start a new conversation to go on.',
  send: 'Send',
  stop: 'Stop',
  stopping: 'Stopping…',
  attach: 'Attach files',
  removeAttachment: (name: string) => `Remove ${name}`,
  attachmentTooLarge: (name: string, limit: string) => `${name} is larger than ${limit}.`,
  attachmentType: (name: string, type: string) => `${name}: files of type ${type || 'unknown'} are not allowed.`,
  attachmentUnreadable: (name: string) => `${name} could not be read.`,
  dropHere: 'Drop files to attach',
  jumpToLatest: 'Jump to latest',
  thinking: 'Thinking…',
  thoughtFor: (seconds: string) => `Thought for ${seconds} s`,
  /** A finished thinking block whose end time is unknown (a transport that does not carry it). */
  thought: 'Thought',
  thinkingTokens: (tokens: number) => `${tokens} tokens`,
  showThinking: 'Show reasoning',
  hideThinking: 'Hide reasoning',
  /** A label and what it names ("Arguments: bash"), with the locale's own colon. */
  labelled: (label: string, name: string) => `${label}: ${name}`,
  toolArguments: 'Arguments',
  toolOutput: 'Output',
  toolEdited: 'Edited by you',
  showOriginal: 'Show the original arguments',
  hideOriginal: 'Hide the original arguments',
  toolStatus: {
    preparing: 'Preparing',
    pending: 'Queued',
    asking: 'Needs your approval',
    running: 'Running',
    awaiting: 'Waiting for your app',
    success: 'Done',
    error: 'Failed',
    denied: 'Denied',
    interrupted: 'Interrupted',
  },
  took: (seconds: string) => `${seconds} s`,
  approve: 'Approve',
  deny: 'Deny',
  approveAll: 'Approve all',
  denyAll: 'Deny all',
  edit: 'Edit arguments',
  cancelEdit: 'Cancel editing',
  approveEdited: 'Approve with these arguments',
  alwaysAllow: 'Always allow',
  alwaysAllowRule: (tool: string, content: string | null) =>
    content === null ? `Always allow ${tool}, with any arguments` : `Always allow ${tool} when: ${content}`,
  confirmRule: 'Allow and remember',
  ruleAnyArguments: 'Any arguments',
  ruleTheseArguments: 'Only these arguments',
  invalidJson: (reason: string) => `Not valid JSON: ${reason}`,
  notAnObject: 'The arguments must be a JSON object.',
  lossyNumbers: (numbers: string) =>
    `These arguments hold numbers this page can't keep exactly (${numbers}): an edit would change them. Approve or deny the call as it is.`,
  changes: 'Changes',
  unchangedLines: (count: number) => `… ${count} unchanged line${count === 1 ? '' : 's'}`,
  confirmationTitle: (count: number) => (count === 1 ? 'The agent wants to run a tool' : `The agent wants to run ${count} tools`),
  decided: (approved: boolean): string => (approved ? 'Approved' : 'Denied'),
  sendAnswers: (count: number) => `Send ${count} answer${count === 1 ? '' : 's'}`,
  sending: 'Sending…',
  subagent: 'Subagent',
  subagentWaiting: 'This subagent is waiting for a confirmation',
  subagentCannotConfirm: 'This connection cannot send an answer to the subagent, so its question cannot be answered here.',
  usage: (input: number, output: number) => `${input} in · ${output} out`,
  usageTotal: 'Tokens used',
  usageCached: (cached: number) => `${cached} cached`,
  download: (type: string) => `Download (${type})`,
  mediaLoading: 'Loading…',
  mediaBlocked: 'This media was not shown: its address is not allowed.',
  errorRetry: 'Retry',
  errorDismiss: 'Dismiss',
  errorTitle: {
    'invalid-event': 'Part of the reply could not be shown',
    'malformed-frame': 'Part of the reply arrived garbled',
    'http-error': 'The server refused the request',
    'wrong-content-type': 'The server sent something other than a reply',
    'incomplete-stream': 'The reply was cut off',
    'network-error': 'The connection failed',
    refused: 'Not sent',
    'reducer-failed': 'An event could not be applied',
    timeout: 'The server did not answer in time',
    'invalid-history': 'Part of the history could not be read',
    'render-failed': 'A part of the conversation could not be shown',
  },
  /** The banner's line for the warnings of each kind (see `warningKindOf`), with how many there are. */
  warnings: {
    read: (count: number) => `${count} event${count === 1 ? '' : 's'} could not be read and ${count === 1 ? 'was' : 'were'} skipped.`,
    apply: (count: number) => `${count} event${count === 1 ? '' : 's'} could not be applied and ${count === 1 ? 'was' : 'were'} skipped.`,
    render: (count: number) =>
      count === 1 ? 'One part of the conversation could not be shown.' : `${count} parts of the conversation could not be shown.`,
    history: (count: number) =>
      `${count} part${count === 1 ? '' : 's'} of the history could not be read and ${count === 1 ? 'was' : 'were'} left out.`,
    other: (count: number) => `${count} other problem${count === 1 ? ' was' : 's were'} reported.`,
  },
  blockFailed: 'This block could not be shown.',
  turnFailed: 'This turn could not be shown.',
  showRaw: 'Show the raw content',
  copyRaw: 'Copy',
  copiedRaw: 'Copied',
  turnStatus: {
    streaming: 'Replying…',
    completed: 'Finished',
    awaiting_confirmation: 'Waiting for your approval',
    awaiting_external_execution: 'Waiting for tool results',
    interrupted: 'Stopped',
    max_iterations: 'Stopped after the maximum number of steps',
    stopped: 'Stopped',
    incomplete: 'Incomplete: the connection ended before the reply did',
  },
  stillRunning: 'still running',
  stillWorking: 'still working',
  quietFor: (seconds: number) => `${seconds} s`,
  reconnecting: 'Connection lost: reconnecting…',
  reconnected: 'Reconnected: nothing was lost.',
  announceTurnEnd: 'The assistant finished replying.',
  announceConfirmation: 'The assistant is waiting for your approval.',
  announceTool: (name: string, state: string) => `Tool ${name}: ${state}.`,
  announceError: (message: string) => `Error: ${message}`,
  markdown: MARKDOWN_MESSAGES_EN,
  showMore: (hidden: number) => `Show more (${EN_NUMBER.format(hidden)} characters)`,
  showLess: 'Show less',
  showAll: (hidden: number) => `Show all (${hidden} more)`,
  showAllText: 'Show all',
  showNested: (count: number) => `Show ${count} nested ${count === 1 ? 'entry' : 'entries'}`,
  rawJson: 'Raw JSON',
  confirmCall: (tool: string) => `${tool}: approve with A, deny with D, J for the next call`,
  confirmUnavailable: 'The approval buttons could not be loaded; the connection may have dropped.',
  /** The badge of a call waiting for an answer that this connection cannot send (see `transportCannotConfirm`). */
  cannotAnswerHere: 'Cannot be answered here',
  decidedPending: (approved: boolean): string => (approved ? 'Approved' : 'Denied'),
  batchTitle: (count: number) => `${count} call${count === 1 ? ' needs' : 's need'} your approval`,
  batchNext: 'Next',
  batchKeys: 'A approve · D deny · J next',
  youDenied: (tools: string) => `You denied ${tools}.`,
  youDeniedStopped: (tools: string) => `You denied ${tools}; the agent stopped.`,
  errorHint: {
    'invalid-event': 'It was left out. Try again; if it keeps happening, the app and the server may not match.',
    'malformed-frame': 'Try again.',
    'http-error': 'Try again in a moment.',
    'wrong-content-type': 'The app may be pointing at the wrong address.',
    'incomplete-stream': 'What arrived is kept; you can try again.',
    'network-error': 'The agent could not be reached or stopped answering. Check your connection and try again.',
    refused: 'This cannot be done right now.',
    'reducer-failed': 'The rest of the reply is still shown. Try again if something is missing.',
    timeout: 'Try again in a moment.',
    'invalid-history': 'The messages that could be read are shown.',
    'render-failed': 'The rest of the conversation is not affected.',
  } satisfies Record<AgentStreamErrorCode, string>,
  errorDetails: 'Details',
  errorStatus: 'HTTP status',
  errorEvent: 'Event',
  errorField: 'Field',
  errorBody: 'Response',
  errorMessage: 'Message',
  loadMedia: (kind: string, host: string) => `Load ${kind} from ${host}`,
  mediaKind: { image: 'image', audio: 'audio', video: 'video', file: 'file' },
  openImage: (name: string) => (name ? `Enlarge ${name}` : 'Enlarge image'),
  closeImage: 'Close',
  copy: 'Copy',
  copyMarkdown: 'Copy as Markdown',
  copyText: 'Copy as text',
  copied: 'Copied',
  retryTurn: 'Retry',
  editMessage: 'Edit',
  resend: 'Resend',
  cancel: 'Cancel',
  goodResponse: 'Good response',
  badResponse: 'Bad response',
  feedbackThanks: 'Thanks for the feedback',
  welcome: 'How can I help?',
  suggestions: 'Suggestions',
  turnActions: 'Reply actions',
}

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

/** The kit's English strings, the default: a start for strings of your own (`{ ...AGENT_STRINGS_EN, lang: 'fr', … }`). */
export const AGENT_STRINGS_EN: AgentStrings = EN

/**
 * English by name (the default), or the strings themselves: `AGENT_STRINGS_ZH_CN`, or your own (every key, typed).
 * Other languages are objects rather than names so that an app ships only the languages it imports.
 */
export type AgentLocale = 'en' | AgentStrings

/** Every built-in language by name; importing it ships them all (pass `AGENT_STRINGS_ZH_CN` itself to ship one). */
export const AGENT_STRINGS: Readonly<Record<AgentLocaleName, AgentStrings>> = { en: EN, 'zh-CN': AGENT_STRINGS_ZH_CN }

// A name other than 'en' (plain JavaScript, or a cast): English, with a development warning that says what to pass.
function stringsOf(locale: AgentLocale): AgentStrings {
  if (typeof locale !== 'string') return locale
  if (locale !== 'en')
    devError(`locale:${String(locale)}`, `locale "${String(locale)}" is not built in by name: pass its strings (locale={AGENT_STRINGS_ZH_CN}).`)
  return EN
}

/** The strings of a locale with single strings overridden; the same object when there is nothing to override. */
export function resolveAgentStrings(locale: AgentLocale = 'en', overrides?: AgentStringOverrides): AgentStrings {
  const base = stringsOf(locale)
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

/** The locale of the nearest `<AgentChat locale strings>`: `'en'`, or resolved strings. */
export const AgentLocaleContext = createContext<AgentLocale>('en')

/** The language tag of the chat's strings (`en`, `zh-CN`, or the `lang` of your own). */
export function useAgentLocale(): string {
  return useAgentStrings().lang
}

/** The strings in the chat's locale, overrides applied. */
export function useAgentStrings(): AgentStrings {
  return stringsOf(useContext(AgentLocaleContext))
}

/** Seconds between two ISO-8601 instants, one decimal, or null when either is unknown. */
export function secondsBetween(start: string | null, end: string | null): string | null {
  if (start === null || end === null) return null
  const milliseconds = Date.parse(end) - Date.parse(start)
  return Number.isFinite(milliseconds) && milliseconds >= 0 ? (milliseconds / 1000).toFixed(1) : null
}
