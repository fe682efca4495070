import { useEffect, useMemo, useState } from 'react'
import type { HighlightNode } from './highlighter'

type HighlighterModule = typeof import('./highlighter')

const CACHE_LIMIT = 200
const cache = new Map<string, readonly HighlightNode[] | null>()
let loaded: HighlighterModule | undefined
let loading: Promise<HighlighterModule> | undefined

/** Loads the highlighter chunk once; later calls share the same promise. */
export function loadHighlighter(): Promise<HighlighterModule> {
  loading ??= import('./highlighter').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined // a failed chunk load may succeed next time
      throw error
    },
  )
  return loading
}

function highlightCached(module: HighlighterModule, code: string, language: string): readonly HighlightNode[] | null {
  const key = `${language}\u0000${code}`
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  const result = module.highlightCode(code, language)
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '')
  cache.set(key, result)
  return result
}

/**
 * Highlighted nodes for a finished code block, or undefined while the highlighter loads, for unknown
 * languages, and while `enabled` is false (an open fence is never highlighted). Results are memoized per
 * (language, code).
 */
export function useHighlighted(
  code: string, language: string | undefined, enabled: boolean,
): readonly HighlightNode[] | undefined {
  const active = enabled && language !== undefined && code !== ''
  const [module, setModule] = useState<HighlighterModule | undefined>(loaded)
  useEffect(() => {
    if (!active || module) return
    let cancelled = false
    loadHighlighter().then(
      (value) => {
        if (!cancelled) setModule(value)
      },
      () => undefined, // no highlighter chunk (offline, blocked): the code stays plain
    )
    return () => {
      cancelled = true
    }
  }, [active, module])
  return useMemo(
    () => (active && module && language ? highlightCached(module, code, language) ?? undefined : undefined),
    [active, module, code, language],
  )
}
