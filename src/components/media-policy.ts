import { createContext, useContext } from 'react'

/**
 * Which remote media may load without a click. By default none: an image, audio or video URL in a tool result or
 * a data block waits for the reader's click, since a model told to leak the conversation can put it in a URL the
 * browser would fetch on render. Inline bytes (`data:`, `blob:`) of allowed types always show.
 */
export interface MediaPolicy {
  /** Origins whose media load at once, e.g. `['https://cdn.example.com']`. */
  readonly allowOrigins?: readonly string[]
}

/** The media policy of the nearest `<AgentChat mediaPolicy>`. */
export const MediaPolicyContext = createContext<MediaPolicy>({})

/** The media policy in effect. */
export function useMediaPolicy(): MediaPolicy {
  return useContext(MediaPolicyContext)
}

/** Whether a URL is fetched from a server (not inline bytes). */
export function isRemoteUrl(url: string): boolean {
  return !/^(data|blob):/i.test(url)
}

/** The host of a URL for a label, or the empty string. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return ''
  }
}

/** Whether media from this URL may load without a click under the policy. */
export function loadsAtOnce(url: string, policy: MediaPolicy): boolean {
  if (!isRemoteUrl(url)) return true
  let origin: string
  try {
    origin = new URL(url).origin
  } catch {
    return false
  }
  return (policy.allowOrigins ?? []).some((allowed) => allowed.replace(/\/+$/, '').toLowerCase() === origin.toLowerCase())
}
