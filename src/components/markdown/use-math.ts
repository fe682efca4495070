import { useEffect, useState } from 'react'
import type { MathNode } from './math-render'
import { loadOnce } from './load-once'

const CACHE_LIMIT = 500
const cache = new Map<string, MathNode | null>()

/** Loads the math chunk (KaTeX) once, when the first formula is ready; later calls share the promise. */
export const loadMath = /* @__PURE__ */ loadOnce(() => import('./math-render'))

function remember(key: string, result: MathNode | null): void {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '')
  cache.set(key, result)
}

/**
 * The typeset form of `tex`, or undefined while the math chunk loads, while `enabled` is false (a `$$` block
 * whose closing line has not arrived) and when KaTeX can't typeset it: the caller then shows the source.
 */
export function useMath(tex: string, display: boolean, enabled: boolean): MathNode | undefined {
  const key = `${display ? 'D' : 'I'}\u0000${tex}`
  const [done, setDone] = useState<{ readonly key: string; readonly node: MathNode | null } | null>(null)
  useEffect(() => {
    if (!enabled || cache.has(key)) return
    let cancelled = false
    loadMath().then(
      (module) => {
        if (cancelled) return
        const node = cache.get(key) ?? module.renderMath(tex, display)
        remember(key, node)
        setDone({ key, node })
      },
      () => undefined, // no math chunk (offline, blocked): the source stays
    )
    return () => {
      cancelled = true
    }
  }, [enabled, key, tex, display])
  if (!enabled) return undefined
  return cache.get(key) ?? (done?.key === key ? done.node : undefined) ?? undefined
}
