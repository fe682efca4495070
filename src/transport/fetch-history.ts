import { AgentStreamError, messageOf } from '../core/errors'
import type { Msg } from '../core/message'
import { bodyExcerpt } from './stream-endings'

// A history that has not arrived by then will not: the chat says so instead of waiting for ever.
const HISTORY_TIMEOUT_MS = 30_000

/**
 * The stored messages at `url` (`GET`, a JSON array of AgentScope Msgs), for a transport's `loadHistory`. Every
 * failure is an `AgentStreamError` that says what went wrong: unreachable, an HTTP error with the body's start, a
 * body that is not a JSON array, or one that did not arrive within 30 s. The messages themselves are validated by
 * the session's `load`.
 */
export async function fetchHistory(fetchImpl: typeof fetch, url: string, headers: Record<string, string>, init: RequestInit = {}): Promise<Msg[]> {
  const signal = AbortSignal.timeout(HISTORY_TIMEOUT_MS)
  const failed = (error: unknown, what: string) =>
    signal.aborted
      ? new AgentStreamError('timeout', `The history ${url} did not arrive within ${HISTORY_TIMEOUT_MS / 1000} s.`, { cause: error })
      : new AgentStreamError('network-error', `${what}: ${messageOf(error)}`, { cause: error })
  let response: Response
  try {
    response = await fetchImpl(url, { ...init, headers: { ...headers, accept: 'application/json' }, signal })
  } catch (error) {
    throw failed(error, `Could not reach the history ${url}`)
  }
  if (!response.ok) {
    const body = await bodyExcerpt(response)
    throw new AgentStreamError('http-error', `The history ${url} answered ${response.status} ${response.statusText}${body ? `: ${body}` : ''}`, {
      status: response.status,
      body,
    })
  }
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    throw failed(error, `The history ${url} broke off`)
  }
  let messages: unknown
  try {
    messages = JSON.parse(text)
  } catch (error) {
    throw new AgentStreamError('http-error', `The history ${url} is not JSON${text ? `: ${text.slice(0, 200)}` : '.'}`, { cause: error })
  }
  if (!Array.isArray(messages)) throw new AgentStreamError('http-error', `The history ${url} is not a JSON array of messages.`)
  return messages as Msg[]
}
