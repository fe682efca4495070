import { useEffect, useState } from 'react'
import type { HighlightNode } from './highlighter'
import { loadOnce } from './load-once'

const CACHE_LIMIT = 200
const cache = new Map<string, readonly HighlightNode[] | null>()

/** Loads the highlighter chunk once; later calls share the same promise. */
export const loadHighlighter = /* @__PURE__ */ loadOnce(() => import('./highlighter'))

function remember(key: string, result: readonly HighlightNode[] | null): void {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '')
  cache.set(key, result)
}

// Highlighting runs in idle time, one block after another in slices of a few milliseconds, never
// inside a render: finished code blocks would otherwise all be highlighted in the commit of one frame.
const SLICE_MS = 6
const jobs: (() => void)[] = []
let scheduled = false

function whenIdle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 500 })
  else setTimeout(callback, 0)
}

function runJobs(): void {
  const start = performance.now()
  while (jobs.length > 0 && performance.now() - start < SLICE_MS) jobs.shift()?.()
  if (jobs.length > 0) whenIdle(runJobs)
  else scheduled = false
}

function enqueue(job: () => void): void {
  jobs.push(job)
  if (scheduled) return
  scheduled = true
  whenIdle(runJobs)
}

/**
 * Highlighted nodes for a finished code block, or undefined while it waits for the highlighter (a
 * lazily loaded chunk) and an idle moment, for unknown languages, and while `enabled` is false (an open
 * fence is never highlighted). Results are memoized per (language, code).
 */
export function useHighlighted(code: string, language: string | undefined, enabled: boolean): readonly HighlightNode[] | undefined {
  const active = enabled && language !== undefined && code !== ''
  const key = `${language ?? ''}\u0000${code}`
  const [done, setDone] = useState<{ readonly key: string; readonly nodes: readonly HighlightNode[] | null } | null>(null)
  useEffect(() => {
    if (!active || cache.has(key)) return
    let cancelled = false
    loadHighlighter().then(
      (module) => {
        // a job per piece, so that a long block is highlighted over several idle slices
        const pieces = module.highlightPieces(code)
        const nodes: HighlightNode[] = []
        let finished = false
        const finish = (result: readonly HighlightNode[] | null) => {
          finished = true
          if (!cache.has(key)) remember(key, result)
          setDone({ key, nodes: cache.get(key) ?? null })
        }
        if (pieces.length === 0) finish(null)
        pieces.forEach((piece, index) =>
          enqueue(() => {
            if (cancelled || finished) return
            // another block with the same code got there first
            if (cache.has(key)) return finish(null)
            const highlighted = module.highlightCode(piece, language as string)
            if (highlighted === null) return finish(null)
            nodes.push(...highlighted)
            if (index === pieces.length - 1) finish(nodes)
          }),
        )
      },
      () => undefined, // no highlighter chunk (offline, blocked): the code stays plain
    )
    return () => {
      cancelled = true
    }
  }, [active, key, code, language])
  if (!active) return undefined
  const nodes = cache.get(key) ?? (done?.key === key ? done.nodes : undefined)
  return nodes ?? undefined
}
