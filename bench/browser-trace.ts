/**
 * What the renderer's main thread did during a run, from a Chromium trace (CDP `Tracing`): the time in script,
 * style, layout, paint and GC, and the layouts' sizes. It splits the CPU profile's "(program)" bucket.
 */
import { RUN_MARKS } from './browser/protocol'

/** The trace categories the summary needs (the DevTools Performance panel's, plus the page's marks). */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'blink.user_timing',
  'disabled-by-default-v8.gc',
] as const

/** One trace event, as CDP `Tracing.dataCollected` reports it. */
export interface TraceEvent {
  readonly name: string
  readonly ph: string
  readonly pid: number
  readonly tid: number
  readonly ts: number
  readonly dur?: number
  readonly args?: { readonly name?: string; readonly beginData?: { readonly dirtyObjects?: number; readonly totalObjects?: number } }
}

/** Kinds of main-thread work, as the DevTools summary groups them. */
export type Activity = 'script' | 'style' | 'layout' | 'paint and composite' | 'gc' | 'other'

/** What `summarizeTrace` finds between the run's marks. */
export interface TraceSummary {
  readonly windowMs: number
  readonly busyMs: number
  readonly byActivity: readonly { readonly activity: Activity; readonly ms: number }[]
  readonly layouts: number
  /** Layouts run inside script (a script read geometry after changing the DOM). */
  readonly forcedLayouts: number
  readonly longestLayouts: readonly { readonly ms: number; readonly dirtyObjects: number; readonly totalObjects: number; readonly forced: boolean }[]
  /** The longest tasks, each split by activity. */
  readonly longestTasks: readonly { readonly ms: number; readonly split: Readonly<Partial<Record<Activity, number>>> }[]
}

const STYLE = new Set(['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet', 'InvalidateLayout', 'ScheduleStyleRecalculation'])
const PAINT = new Set([
  'Paint',
  'PrePaint',
  'Layerize',
  'UpdateLayer',
  'UpdateLayerTree',
  'Commit',
  'CompositeLayers',
  'PaintImage',
  'ScrollLayer',
  'Decode Image',
])
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

function activityOf(name: string): Activity {
  if (name === 'Layout') return 'layout'
  if (STYLE.has(name)) return 'style'
  if (PAINT.has(name)) return 'paint and composite'
  if (/GC|Scavenge|MarkCompact|Sweep/i.test(name)) return 'gc'
  if (TASKS.has(name) || name === 'HitTest') return 'other'
  return 'script'
}

interface Node {
  readonly event: TraceEvent
  readonly end: number
  self: number
  readonly parent: Node | null
}

/** Summarises the main thread of the renderer that recorded the run's marks. */
export function summarizeTrace(events: readonly TraceEvent[]): TraceSummary | null {
  const start = events.find((event) => event.name === RUN_MARKS.start)
  const end = events.find((event) => event.name === RUN_MARKS.end)
  if (start === undefined || end === undefined) return null
  const onThread = events
    .filter((event) => event.pid === start.pid && event.tid === start.tid && event.ph === 'X' && typeof event.dur === 'number')
    .filter((event) => event.ts < end.ts && event.ts + (event.dur ?? 0) > start.ts)
    .sort((left, right) => left.ts - right.ts || (right.dur ?? 0) - (left.dur ?? 0))

  // Self time: each event's duration minus its children's, from a stack of open events.
  const nodes: Node[] = []
  const stack: Node[] = []
  for (const event of onThread) {
    while (stack.length > 0 && (stack[stack.length - 1] as Node).end <= event.ts) stack.pop()
    const parent = stack[stack.length - 1] ?? null
    const node: Node = { event, end: event.ts + (event.dur ?? 0), self: event.dur ?? 0, parent }
    if (parent !== null) parent.self -= event.dur ?? 0
    nodes.push(node)
    stack.push(node)
  }
  const byActivity = new Map<Activity, number>()
  let busy = 0
  for (const node of nodes) {
    const ms = Math.max(0, node.self) / 1000
    byActivity.set(activityOf(node.event.name), (byActivity.get(activityOf(node.event.name)) ?? 0) + ms)
    if (node.parent === null) busy += (node.event.dur ?? 0) / 1000
  }
  const insideScript = (node: Node) => {
    for (let parent = node.parent; parent !== null; parent = parent.parent) if (activityOf(parent.event.name) === 'script') return true
    return false
  }
  const layouts = nodes.filter((node) => node.event.name === 'Layout')
  const tasks = nodes.filter((node) => node.parent === null && TASKS.has(node.event.name))
  const splitOf = (task: Node) => {
    const split: Partial<Record<Activity, number>> = {}
    for (const node of nodes) {
      if (node.event.ts < task.event.ts || node.end > task.end) continue
      const activity = activityOf(node.event.name)
      split[activity] = (split[activity] ?? 0) + Math.max(0, node.self) / 1000
    }
    return split
  }
  return {
    windowMs: (end.ts - start.ts) / 1000,
    busyMs: busy,
    byActivity: [...byActivity].map(([activity, ms]) => ({ activity, ms })).sort((left, right) => right.ms - left.ms),
    layouts: layouts.length,
    forcedLayouts: layouts.filter(insideScript).length,
    longestLayouts: layouts
      .sort((left, right) => (right.event.dur ?? 0) - (left.event.dur ?? 0))
      .slice(0, 5)
      .map((node) => ({
        ms: (node.event.dur ?? 0) / 1000,
        dirtyObjects: node.event.args?.beginData?.dirtyObjects ?? 0,
        totalObjects: node.event.args?.beginData?.totalObjects ?? 0,
        forced: insideScript(node),
      })),
    longestTasks: tasks
      .sort((left, right) => (right.event.dur ?? 0) - (left.event.dur ?? 0))
      .slice(0, 5)
      .map((task) => ({ ms: (task.event.dur ?? 0) / 1000, split: splitOf(task) })),
  }
}
