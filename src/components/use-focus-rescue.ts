import { useEffect } from 'react'
import type { RefObject } from 'react'

// The element can no longer hold focus: removed, disabled, hidden, or no longer focusable (a card answered).
function gone(element: HTMLElement): boolean {
  return (
    !element.isConnected ||
    element.matches(':disabled') ||
    element.checkVisibility?.() === false ||
    (element.tabIndex < 0 && !element.hasAttribute('tabindex'))
  )
}

/**
 * The message box's part in keyboard use: when the focused control goes away under the user (an answered call,
 * Stop once the agent stopped, a dismissed banner), focus moves to a call still waiting for an answer, else to the
 * message box, instead of falling to the page, where a keyboard or screen-reader user would start again from the
 * top. Focus the user moves elsewhere is left alone.
 */
export function useFocusRescue(input: RefObject<HTMLTextAreaElement | null>): void {
  useEffect(() => {
    const root = input.current?.closest<HTMLElement>('[data-agentscope]')
    if (root == null) return
    // A native listener: the focusout of an element that stopped being focusable (Chromium's focus fix-up) does
    // not reach React's onBlur.
    const onFocusOut = (event: FocusEvent) => {
      const lost = event.target
      if (event.relatedTarget !== null || !(lost instanceof HTMLElement)) return
      // after the commit that removed or disabled it, and whatever focus that commit placed itself
      queueMicrotask(() => {
        const active = root.ownerDocument.activeElement
        if ((active !== null && active !== root.ownerDocument.body) || !gone(lost)) return
        ;(root.querySelector<HTMLElement>('.as-tool[tabindex]:not([data-decision])') ?? input.current)?.focus({ preventScroll: true })
      })
    }
    root.addEventListener('focusout', onFocusOut)
    return () => root.removeEventListener('focusout', onFocusOut)
  }, [input])
}
