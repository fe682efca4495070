import type { RecordedEntry } from '../core/event-recorder'
import type { ChatUsage } from '../core/message'

/** One bar of the timeline: a model call, a tool call (arguments to result) or a wait for the user. */
export interface TimelineBar {
  readonly kind: 'model' | 'tool' | 'waiting'
  /** The tool's name, or the model call's replyId. */
  readonly label: string
  /** The subagent path, or null for the top-level agent. */
  readonly source: string | null
  /** Epoch milliseconds (server time where the events carry it). */
  readonly start: number
  readonly end: number
  /** Still running when the log ends. */
  readonly open: boolean
  /** The global position of the entry that opened it (the log's `#`). */
  readonly firstPosition: number
  readonly usage: ChatUsage | null
}

/** One top-level turn (AGENT_START … AGENT_END) and what happened in it. */
export interface TimelineTurn {
  readonly start: number
  readonly end: number
  readonly open: boolean
  readonly firstPosition: number
  readonly bars: readonly TimelineBar[]
}

interface OpenBar {
  kind: TimelineBar['kind']
  label: string
  source: string | null
  start: number
  end: number
  open: boolean
  firstPosition: number
  usage: ChatUsage | null
}

interface OpenTurn {
  start: number
  end: number
  open: boolean
  firstPosition: number
  bars: OpenBar[]
}

function createdAtOf(entry: RecordedEntry): number {
  if (entry.kind !== 'event') return Number.NaN
  return typeof entry.event.createdAt === 'string' ? Date.parse(entry.event.createdAt) : Number.NaN
}

/**
 * Builds the timeline of a log: per top-level turn, its model calls (MODEL_CALL_START … END, with their
 * usage), its tool calls (TOOL_CALL_START … TOOL_RESULT_END) and the waits for the user (a run that ended
 * awaiting an answer, until the next run). Times are the events' `createdAt`; entries without one are placed
 * by the store's clock, shifted onto the server's by the first entry that has both.
 */
export function buildTimeline(entries: readonly RecordedEntry[], dropped = 0): TimelineTurn[] {
  let offset: number | null = null
  for (const entry of entries) {
    const createdAt = createdAtOf(entry)
    if (Number.isFinite(createdAt)) {
      offset = createdAt - entry.receivedAt
      break
    }
  }
  const turns: OpenTurn[] = []
  let turn: OpenTurn | null = null
  const models = new Map<string, OpenBar>()
  const tools = new Map<string, OpenBar>()
  let waiting: OpenBar | null = null
  let latest = Number.NEGATIVE_INFINITY
  const close = (bar: OpenBar, at: number) => {
    bar.end = Math.max(bar.start, at)
    bar.open = false
  }
  entries.forEach((entry, index) => {
    const position = dropped + index
    const createdAt = createdAtOf(entry)
    const at = Number.isFinite(createdAt) ? createdAt : entry.receivedAt + (offset ?? 0)
    latest = Math.max(latest, at)
    if (entry.kind === 'run') {
      if (waiting !== null) close(waiting, at)
      waiting = null
      return
    }
    if (entry.kind === 'run-end') {
      if (turn !== null) turn.end = Math.max(turn.end, at)
      if ((entry.status === 'awaiting-confirmation' || entry.status === 'awaiting-external') && turn !== null) {
        waiting = { kind: 'waiting', label: entry.status, source: null, start: at, end: at, open: true, firstPosition: position, usage: null }
        turn.bars.push(waiting)
      }
      return
    }
    if (entry.kind !== 'event') return
    const event = entry.event
    const source = event.source || null
    if (event.type === 'AGENT_START' && source === null) {
      turn = { start: at, end: at, open: true, firstPosition: position, bars: [] }
      turns.push(turn)
      models.clear()
      tools.clear()
      return
    }
    if (turn === null) return
    turn.end = Math.max(turn.end, at)
    switch (event.type) {
      case 'AGENT_END': {
        if (source === null) turn.open = false
        break
      }
      case 'MODEL_CALL_START': {
        const key = `${source ?? ''}\u0000${event.replyId ?? ''}`
        const bar: OpenBar = {
          kind: 'model',
          label: event.replyId ?? '',
          source,
          start: at,
          end: at,
          open: true,
          firstPosition: position,
          usage: null,
        }
        models.set(key, bar)
        turn.bars.push(bar)
        break
      }
      case 'MODEL_CALL_END': {
        const bar = models.get(`${source ?? ''}\u0000${event.replyId ?? ''}`)
        if (bar !== undefined) {
          close(bar, at)
          bar.usage = event.usage ?? null
        }
        break
      }
      case 'TOOL_CALL_START': {
        const key = `${source ?? ''}\u0000${event.toolCallId}`
        if (tools.has(key)) break
        const name = event.toolCallName && event.toolCallName !== '__fragment__' ? event.toolCallName : event.toolCallId
        const bar: OpenBar = { kind: 'tool', label: name, source, start: at, end: at, open: true, firstPosition: position, usage: null }
        tools.set(key, bar)
        turn.bars.push(bar)
        break
      }
      case 'TOOL_RESULT_END': {
        const bar = tools.get(`${source ?? ''}\u0000${event.toolCallId}`)
        // A result suspended for external execution (`running`) is not the end of the call.
        if (bar !== undefined && event.state !== 'running') close(bar, at)
        break
      }
      default: {
        break
      }
    }
  })
  const end = Number.isFinite(latest) ? latest : 0
  return turns.map((open) => ({
    start: open.start,
    end: open.open ? Math.max(open.end, end) : open.end,
    open: open.open,
    firstPosition: open.firstPosition,
    bars: open.bars.map((bar) => ({ ...bar, end: bar.open ? Math.max(bar.end, end) : bar.end })),
  }))
}
