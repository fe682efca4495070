import { createContext, useContext } from 'react'
import { markdownMessages } from './markdown/locale'
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
  changes: 'Changes',
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
  markdown: markdownMessages('en'),
  showMore: (hidden: number) => `Show more (${hidden.toLocaleString('en')} characters)`,
  showLess: 'Show less',
  showAll: (hidden: number) => `Show all (${hidden} more)`,
  showAllText: 'Show all',
  showNested: (count: number) => `Show ${count} nested ${count === 1 ? 'entry' : 'entries'}`,
  rawJson: 'Raw JSON',
  confirmCall: (tool: string) => `${tool}: approve with A, deny with D, J for the next call`,
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

// Typed, so that a key missing here fails to compile.
const ZH_CN: AgentStrings = {
  lang: 'zh-CN',
  transcript: '对话',
  you: '你',
  assistant: '助手',
  composerLabel: '消息',
  composerPlaceholder: '向智能体提问…',
  composerBlockedConfirmation: '请先处理待确认的工具调用',
  composerBlockedExternal: '请先提交待返回的工具结果',
  composerBlockedTransport: '请开始新的对话以继续',
  transportCannotConfirm: '当前连接无法把你的答复发回给智能体，因此这些工具调用无法在这里运行。请开始新的对话以继续。',
  transportApproveDenyOnly: '当前连接只能批准或拒绝：无法修改参数，也无法使用“始终允许”。',
  transportCannotReturnResults: '当前连接无法回传在你这边运行的工具结果，因此智能体无法继续本轮。请开始新的对话以继续。',
  send: '发送',
  stop: '停止',
  stopping: '正在停止…',
  attach: '添加附件',
  removeAttachment: (name) => `移除 ${name}`,
  attachmentTooLarge: (name, limit) => `${name} 超过了 ${limit} 的大小限制。`,
  attachmentType: (name, type) => `${name}：不允许上传 ${type || '未知'} 类型的文件。`,
  attachmentUnreadable: (name) => `无法读取 ${name}。`,
  dropHere: '拖放文件以添加附件',
  jumpToLatest: '跳到最新',
  thinking: '思考中…',
  thoughtFor: (seconds) => `思考了 ${seconds} 秒`,
  thought: '已思考',
  thinkingTokens: (tokens) => `${tokens} 个 token`,
  showThinking: '展开思考过程',
  hideThinking: '收起思考过程',
  toolArguments: '参数',
  toolOutput: '输出',
  toolEdited: '已由你修改',
  showOriginal: '查看原始参数',
  hideOriginal: '隐藏原始参数',
  toolStatus: {
    preparing: '准备中',
    pending: '排队中',
    asking: '等待你的确认',
    running: '运行中',
    awaiting: '等待你的应用执行',
    success: '完成',
    error: '失败',
    denied: '已拒绝',
    interrupted: '已中断',
  },
  took: (seconds) => `${seconds} 秒`,
  approve: '批准',
  deny: '拒绝',
  approveAll: '全部批准',
  denyAll: '全部拒绝',
  edit: '编辑参数',
  cancelEdit: '取消编辑',
  approveEdited: '按此参数批准',
  alwaysAllow: '始终允许',
  alwaysAllowRule: (tool, content) => (content === null ? `始终允许 ${tool}（任意参数）` : `始终允许 ${tool}，当：${content}`),
  confirmRule: '允许并记住',
  ruleAnyArguments: '任意参数',
  ruleTheseArguments: '仅限这些参数',
  invalidJson: (reason) => `不是有效的 JSON：${reason}`,
  notAnObject: '参数必须是一个 JSON 对象。',
  changes: '改动',
  confirmationTitle: (count) => (count === 1 ? '智能体想要运行一个工具' : `智能体想要运行 ${count} 个工具`),
  decided: (approved) => (approved ? '已批准' : '已拒绝'),
  sendAnswers: (count) => `发送 ${count} 个答复`,
  sending: '正在发送…',
  subagent: '子智能体',
  subagentWaiting: '该子智能体正在等待确认',
  subagentCannotConfirm: '当前连接无法把答复发送给该子智能体，因此无法在这里回答它的问题。',
  usage: (input, output) => `输入 ${input} · 输出 ${output}`,
  usageTotal: 'Token 用量',
  usageCached: (cached) => `缓存 ${cached}`,
  download: (type) => `下载（${type}）`,
  mediaLoading: '加载中…',
  mediaBlocked: '此媒体未显示：其地址不被允许。',
  errorRetry: '重试',
  errorDismiss: '关闭',
  errorTitle: {
    'invalid-event': '回复中有一部分无法显示',
    'malformed-frame': '回复中有一部分内容损坏',
    'http-error': '服务器拒绝了请求',
    'wrong-content-type': '服务器返回的不是回复',
    'incomplete-stream': '回复被中断了',
    'network-error': '连接失败',
    refused: '未发送',
    'reducer-failed': '有一个事件无法应用',
    timeout: '服务器没有及时响应',
    'invalid-history': '部分历史记录无法读取',
    'render-failed': '对话的一部分无法显示',
  },
  warnings: {
    read: (count) => `有 ${count} 个事件无法读取，已跳过。`,
    apply: (count) => `有 ${count} 个事件无法应用，已跳过。`,
    render: (count) => `对话中有 ${count} 处内容无法显示。`,
    history: (count) => `历史记录中有 ${count} 处无法读取，已略去。`,
    other: (count) => `另有 ${count} 个问题。`,
  },
  blockFailed: '此内容块无法显示。',
  turnFailed: '此轮回复无法显示。',
  showRaw: '查看原始内容',
  copyRaw: '复制',
  copiedRaw: '已复制',
  turnStatus: {
    streaming: '正在回复…',
    completed: '已完成',
    awaiting_confirmation: '等待你的确认',
    awaiting_external_execution: '等待工具结果',
    interrupted: '已停止',
    max_iterations: '已达到最大步数，已停止',
    stopped: '已停止',
    incomplete: '不完整：连接在回复结束前断开了',
  },
  stillRunning: '仍在运行',
  stillWorking: '仍在处理',
  quietFor: (seconds) => `${seconds} 秒`,
  reconnecting: '连接中断，正在重新连接…',
  reconnected: '已重新连接，没有丢失任何内容。',
  announceTurnEnd: '助手已完成回复。',
  announceConfirmation: '助手正在等待你的确认。',
  announceTool: (name, state) => `工具 ${name}：${state}。`,
  announceError: (message) => `错误：${message}`,
  markdown: markdownMessages('zh-CN'),
  showMore: (hidden) => `展开更多（${hidden} 个字符）`,
  showLess: '收起',
  showAll: (hidden) => `显示全部（还有 ${hidden} 项）`,
  showAllText: '显示全部',
  showNested: (count) => `展开 ${count} 个嵌套项`,
  rawJson: '原始 JSON',
  confirmCall: (tool) => `${tool}：按 A 批准，按 D 拒绝，按 J 到下一个调用`,
  decidedPending: (approved) => (approved ? '已批准' : '已拒绝'),
  batchTitle: (count) => `${count} 个调用等待你的确认`,
  batchNext: '下一个',
  batchKeys: 'A 批准 · D 拒绝 · J 下一个',
  youDenied: (tools) => `你拒绝了 ${tools}。`,
  youDeniedStopped: (tools) => `你拒绝了 ${tools}，智能体已停止。`,
  errorHint: {
    'invalid-event': '这部分已略过。请重试；如果反复出现，可能是应用与服务器版本不匹配。',
    'malformed-frame': '请重试。',
    'http-error': '请稍后重试。',
    'wrong-content-type': '应用可能连接到了错误的地址。',
    'incomplete-stream': '已收到的内容会保留，你可以重试。',
    'network-error': '无法连接到智能体，或者它停止了响应。请检查网络后重试。',
    refused: '目前无法执行此操作。',
    'reducer-failed': '其余内容仍会显示。如有缺失，请重试。',
    timeout: '请稍后重试。',
    'invalid-history': '可以读取的消息已显示。',
    'render-failed': '对话的其余部分不受影响。',
  },
  errorDetails: '详情',
  errorStatus: 'HTTP 状态',
  errorEvent: '事件',
  errorField: '字段',
  errorBody: '响应内容',
  errorMessage: '消息',
  loadMedia: (kind, host) => `从 ${host} 加载${kind}`,
  mediaKind: { image: '图片', audio: '音频', video: '视频', file: '文件' },
  openImage: (name) => (name ? `放大查看 ${name}` : '放大查看图片'),
  closeImage: '关闭',
  copy: '复制',
  copyMarkdown: '复制为 Markdown',
  copyText: '复制为纯文本',
  copied: '已复制',
  retryTurn: '重试',
  editMessage: '编辑',
  resend: '重新发送',
  cancel: '取消',
  goodResponse: '回答很好',
  badResponse: '回答不好',
  feedbackThanks: '感谢你的反馈',
  welcome: '有什么可以帮你？',
  suggestions: '建议',
  turnActions: '回复操作',
}

/** A built-in language by name, or strings of your own (every key, typed: start from `AGENT_STRINGS.en`). */
export type AgentLocale = AgentLocaleName | AgentStrings

/** The kit's built-in strings by language. */
export const AGENT_STRINGS: Readonly<Record<AgentLocaleName, AgentStrings>> = { en: EN, 'zh-CN': ZH_CN }

/** The strings of a locale with single strings overridden; the same object when there is nothing to override. */
export function resolveAgentStrings(locale: AgentLocale = 'en', overrides?: AgentStringOverrides): AgentStrings {
  const base = typeof locale === 'string' ? (AGENT_STRINGS[locale] ?? EN) : locale
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

/** The locale of the nearest `<AgentChat locale strings>`: a built-in name, or resolved strings. */
export const AgentLocaleContext = createContext<AgentLocale>('en')

/** The language tag of the chat's strings (`en`, `zh-CN`, or the `lang` of your own). */
export function useAgentLocale(): string {
  return useAgentStrings().lang
}

/** The strings in the chat's locale, overrides applied. */
export function useAgentStrings(): AgentStrings {
  const locale = useContext(AgentLocaleContext)
  return typeof locale === 'string' ? (AGENT_STRINGS[locale] ?? EN) : locale
}

/** Seconds between two ISO-8601 instants, one decimal, or null when either is unknown. */
export function secondsBetween(start: string | null, end: string | null): string | null {
  if (start === null || end === null) return null
  const milliseconds = Date.parse(end) - Date.parse(start)
  return Number.isFinite(milliseconds) && milliseconds >= 0 ? (milliseconds / 1000).toFixed(1) : null
}
