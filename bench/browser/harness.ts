/**
 * What both benchmark pages share, so that `<AgentChat>` (bench/browser/main.tsx) and the bare zustand baseline
 * (bench/browser-bare/main.tsx) are measured identically: the in-page delivery of the events (bursts of N per
 * macrotask, or all at once), the instruments (React commits through `<Profiler onRender>`, store publishes, rAF
 * frames, long tasks, long animation frames) and the run itself (first event → the text block done with its final
 * `textContent`, → the page's `data-status="done"`).
 */
import type { ProfilerOnRenderCallback } from 'react'
import { RUN_MARKS } from './protocol'
import type { PageSample, RunOptions } from './protocol'

/** What the instruments collect during one run; null between runs. */
interface Recorder {
  readonly commits: number[]
  /** Per commit: whether a store publish came since the previous commit (else an effect or a lazy load caused it). */
  readonly commitsAfterPublish: boolean[]
  readonly publishes: number[]
  /** Publishes made outside a rAF callback (in a timer or message task). */
  publishesOutsideFrames: number
  readonly renderDurations: number[]
  readonly frames: number[]
  readonly deliveryTasks: number[]
  firstEvent: number
  finalText: number
  settled: number
}

let recorder: Recorder | null = null

// Registered at load with `buffered`, so no entry of the run can be missed; filtered to the run afterwards.
const longTasks: PerformanceEntry[] = []
const animationFrames: PerformanceEntry[] = []
function observe(type: string, into: PerformanceEntry[]): PerformanceObserver | null {
  if (!PerformanceObserver.supportedEntryTypes.includes(type)) return null
  const observer = new PerformanceObserver((list) => into.push(...list.getEntries()))
  observer.observe({ type, buffered: true })
  return observer
}
const longTaskObserver = observe('longtask', longTasks)
const animationFrameObserver = observe('long-animation-frame', animationFrames)

/** The `<Profiler>` callback: every commit during a run is counted and timed. */
export const onRender: ProfilerOnRenderCallback = (_id, _phase, actualDuration) => {
  if (recorder === null) return
  const now = performance.now()
  const previous = recorder.commits.at(-1) ?? Number.NEGATIVE_INFINITY
  recorder.commitsAfterPublish.push(recorder.publishes.some((stamp) => stamp > previous && stamp <= now))
  recorder.commits.push(now)
  recorder.renderDurations.push(actualDuration)
}

export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve))
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * Hands `events` to `onEvent` as the benchmark's transport does: starting after the next frame (a real stream's
 * first event comes after the user message and 'streaming' are on screen), one burst per macrotask through a
 * MessageChannel (setTimeout(0) would add its 4 ms nesting clamp per burst), or all at once for `buffered`.
 */
export function deliver(
  events: readonly unknown[],
  options: RunOptions,
  onEvent: (event: unknown) => void,
  signal?: AbortSignal,
): Promise<'ended' | 'aborted'> {
  return new Promise((resolve) => {
    let index = 0
    const channel = new MessageChannel()
    const pump = () => {
      const active = recorder
      if (active === null || signal?.aborted) {
        channel.port1.close()
        resolve('aborted')
        return
      }
      const started = performance.now()
      if (index === 0) {
        active.firstEvent = started
        performance.mark(RUN_MARKS.start)
      }
      const end = options.delivery === 'buffered' ? events.length : Math.min(index + options.eventsPerBurst, events.length)
      for (; index < end; index++) onEvent(events[index])
      active.deliveryTasks.push(performance.now() - started)
      if (index < events.length) channel.port2.postMessage(null)
      else {
        channel.port1.close()
        resolve('ended')
      }
    }
    channel.port1.onmessage = pump
    requestAnimationFrame(() => channel.port2.postMessage(null))
  })
}

// Longest stretch between two consecutive stamps that overlaps [from, to].
function longestGap(stamps: readonly number[], from: number, to: number): number {
  let longest = 0
  for (let index = 1; index < stamps.length; index++) {
    const start = stamps[index - 1] as number
    const end = stamps[index] as number
    if (end > from && start < to) longest = Math.max(longest, end - start)
  }
  return longest
}

function overlapping(entries: readonly PerformanceEntry[], from: number, to: number): PerformanceEntry[] {
  return entries.filter((entry) => entry.startTime < to && entry.startTime + entry.duration > from)
}

// The run's figures from what the recorder collected between the first event and `end`.
function summarizeRun(active: Recorder, end: number) {
  const { firstEvent } = active
  const inRun = (stamp: number) => stamp >= firstEvent && stamp <= end
  const commits = active.commits.filter(inRun)
  const durations = active.renderDurations.filter((_duration, index) => inRun(active.commits[index] as number))
  const frames = active.frames.filter(inRun)
  // Commits between two rAF callbacks share a frame; both lists are in time order.
  const perFrame = new Map<number, number>()
  let frame = -1
  for (const commit of commits) {
    while (frame + 1 < active.frames.length && (active.frames[frame + 1] as number) <= commit) frame++
    perFrame.set(frame, (perFrame.get(frame) ?? 0) + 1)
  }
  const tasks = overlapping(longTasks, firstEvent, end)
  const loafs = overlapping(animationFrames, firstEvent, end) as (PerformanceEntry & { blockingDuration?: number })[]
  const longestLoaf = loafs.reduce<(typeof loafs)[number] | null>(
    (best, entry) => (best === null || entry.duration > best.duration ? entry : best),
    null,
  )
  const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory
  return {
    finalTextMs: active.finalText - firstEvent,
    settledMs: end - firstEvent,
    commitsToText: commits.filter((stamp) => stamp <= active.finalText).length,
    commits: commits.length,
    publishes: active.publishes.filter(inRun).length,
    otherCommits: active.commits.filter((stamp, index) => inRun(stamp) && !active.commitsAfterPublish[index]).length,
    frames: frames.length,
    commitsPerFrame: commits.length / Math.max(1, frames.length),
    maxCommitsInOneFrame: Math.max(0, ...perFrame.values()),
    framesWithSeveralCommits: [...perFrame.values()].filter((count) => count > 1).length,
    publishesOutsideFrames: active.publishesOutsideFrames,
    renderMs: durations.reduce((sum, duration) => sum + duration, 0),
    longestRenderMs: Math.max(0, ...durations),
    longestFrameGapMs: longestGap(active.frames, firstEvent, end),
    longTasks: tasks.length,
    longestLongTaskMs: Math.max(0, ...tasks.map((entry) => entry.duration)),
    longestAnimationFrameMs: longestLoaf?.duration ?? 0,
    longestAnimationFrameBlockingMs: longestLoaf?.blockingDuration ?? 0,
    longestDeliveryTaskMs: Math.max(0, ...active.deliveryTasks),
    deliveryMs: active.deliveryTasks.reduce((sum, duration) => sum + duration, 0),
    usedJsHeapBytes: memory?.usedJSHeapSize ?? null,
  }
}

/** What a page measures: its DOM and store, how to start the run, and its own correctness checks. */
export interface MeasuredSubject {
  /** Holds the text block (`[data-as-block="text"]`) and the element whose `data-status` says the run is done (`[data-agentscope]`). */
  readonly container: HTMLElement
  /** Hears every store publish (the store's `subscribe`, called with the new and the previous state). */
  readonly subscribe: (listener: (state: unknown, previous: unknown) => void) => () => void
  /** Sends the message that starts the stream. */
  readonly start: () => Promise<unknown>
  /** The problems with the state once the run is over (empty when it is right). */
  readonly verify: (timedOut: boolean) => string[]
}

let ran = false

/** One timed run of a freshly loaded page: starts the subject and measures until its `data-status` is done. */
export async function measureRun(subject: MeasuredSubject, options: RunOptions, events: number): Promise<PageSample> {
  if (ran) throw new Error('one run per page load')
  ran = true
  const { container } = subject
  const active: Recorder = {
    commits: [],
    commitsAfterPublish: [],
    publishes: [],
    publishesOutsideFrames: 0,
    renderDurations: [],
    frames: [],
    deliveryTasks: [],
    firstEvent: Number.NaN,
    finalText: Number.NaN,
    settled: Number.NaN,
  }
  recorder = active

  let finish: () => void = () => undefined
  const settledPromise = new Promise<void>((resolve) => {
    finish = resolve
  })
  let lastText = ''
  // Cheap attribute reads first, `textContent` only once the text block is done. Called when a `data-status`
  // changes (the text block and the page flip it in the commits that matter) and on every frame as a fallback;
  // watching every text and child change would make the observer's own cost part of each commit.
  const check = () => {
    const now = performance.now()
    const block = container.querySelector('[data-as-block="text"]')
    if (Number.isNaN(active.finalText) && block?.getAttribute('data-status') === 'done') {
      lastText = block.textContent ?? ''
      if (options.reference === null || lastText === options.reference) active.finalText = now
    }
    const chat = container.querySelector('[data-agentscope]')
    if (Number.isNaN(active.settled) && chat?.getAttribute('data-status') === 'done' && !Number.isNaN(active.firstEvent)) {
      active.settled = now
      performance.mark(RUN_MARKS.end)
      finish()
    }
  }
  // Set by our rAF callback (registered first, so it runs first in each frame) and cleared by the next task:
  // a publish that finds it false came from a timer or a message task, not from a frame callback.
  let inFrame = false
  const clearFrameFlag = new MessageChannel()
  clearFrameFlag.port1.onmessage = () => {
    inFrame = false
  }
  const unsubscribe = subject.subscribe((state, previous) => {
    if (state === previous) return
    active.publishes.push(performance.now())
    if (!inFrame && !Number.isNaN(active.firstEvent)) active.publishesOutsideFrames++
  })
  const mutations = new MutationObserver(check)
  mutations.observe(container, { subtree: true, attributes: true, attributeFilter: ['data-status'] })
  let framing = true
  const onFrame = () => {
    if (!framing) return
    active.frames.push(performance.now())
    inFrame = true
    clearFrameFlag.port2.postMessage(null)
    requestAnimationFrame(onFrame)
    check()
  }
  requestAnimationFrame(onFrame)

  const problems: string[] = []
  subject.start().catch((error: unknown) => problems.push(`send rejected: ${String(error)}`))
  const timedOut = await Promise.race([settledPromise.then(() => false), wait(options.timeoutMs).then(() => true)])
  // Two more frames close the last gap; the wait lets the observers deliver the run's entries.
  await nextFrame()
  await nextFrame()
  await wait(60)
  framing = false
  mutations.disconnect()
  unsubscribe()
  clearFrameFlag.port1.close()
  recorder = null
  longTasks.push(...(longTaskObserver?.takeRecords() ?? []))
  animationFrames.push(...(animationFrameObserver?.takeRecords() ?? []))

  const end = timedOut ? performance.now() : active.settled
  if (timedOut) problems.push(`not settled after ${options.timeoutMs} ms`)
  problems.push(...subject.verify(timedOut))
  if (Number.isNaN(active.finalText)) problems.push(`the text block never showed the reference text (last textContent ${lastText.length} chars)`)
  const renderedText = container.querySelector('[data-as-block="text"]')?.textContent ?? ''
  return {
    ...summarizeRun(active, end),
    delivery: options.delivery,
    events,
    renderedTextLength: renderedText.length,
    problems,
    renderedText: options.reference === null ? renderedText : null,
  }
}
