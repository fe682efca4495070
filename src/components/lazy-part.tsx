import { createElement, forwardRef, lazy, Suspense, useState } from 'react'
import type { ComponentType, ReactNode } from 'react'

/** A part of the chat in a chunk of its own: loaded when first shown, or earlier by `preload`. */
export interface LazyPart<P extends object> {
  readonly Component: ComponentType<P>
  readonly preload: () => Promise<unknown>
}

/**
 * Code a chat does not run at start (tool cards, media, the batch bar) stays out of the first
 * chunk. Once loaded the part renders synchronously, as a static import would: `<AgentChat>` starts loading every part
 * right after it first shows, so a tool card arriving later never suspends. A part shown before its
 * chunk has arrived (a chat that opens on a history) renders `fallback` meanwhile, a placeholder of the same box.
 * A failed download reaches the error boundary, unless the part is `optional` (an extra of a turn, such as its
 * usage or its actions): then the part stays its fallback, rather than the whole turn becoming an error.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: (props: P) => ReactNode, optional = false): LazyPart<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // the parts shown meanwhile reach their error boundary; the next one shown downloads again
        loading = undefined
        Suspended = suspended()
        throw error
      },
    ))
  // React.lazy keeps a rejection for good: a fresh one after each failed download
  const suspended = () =>
    lazy(() =>
      preload().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          if (optional) return { default: fallback as ComponentType<P> }
          throw error
        },
      ),
    )
  let Suspended = suspended()
  // forwardRef, not a `ref` prop: React 18 gives a function component no ref (a data block forwards one to its media)
  const LazyPartView = forwardRef<unknown, P>(function LazyPartView(given, ref) {
    const props = given as P
    // Decided once per mount: switching from the suspended element to the loaded one would remount the part.
    const [pending] = useState(() => (loaded === undefined ? Suspended : null))
    const passed = ref === null ? props : { ...props, ref }
    if (pending === null) return createElement(loaded as ComponentType<P>, passed)
    return createElement(Suspense, { fallback: fallback(props) }, createElement(pending, passed))
  }) as unknown as ComponentType<P>
  return { Component: LazyPartView, preload }
}
