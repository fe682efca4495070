import { AgentStreamError, messageOf } from '../core/errors'
import type { Msg } from '../core/message'
import { bodyExcerpt } from './stream-endings'

/**
 * The stored messages at `url` (`GET`, a JSON array of AgentScope Msgs), for a transport's `loadHistory`. Every
 * failure is an `AgentStreamError` that says what went wrong: unreachable, an HTTP error with the body's start, or
 * a body that is not a JSON array. The messages themselves are validated by the session's `load`.
 */
export async function fetchHistory(fetchImpl: typeof fetch, url: string, headers: Record<string, string>): Promise<Msg[]> {
  let response: Response
  try {
    response = await fetchImpl(url, { headers: { ...headers, accept: 'application/json' } })
  } catch (error) {
    throw new AgentStreamError('network-error', `Could not reach the history ${url}: ${messageOf(error)}`, {
      cause: error,
    })
  }
  if (!response.ok) {
    const body = await bodyExcerpt(response)
    throw new AgentStreamError('http-error', `The history ${url} answered ${response.status} ${response.statusText}${body ? `: ${body}` : ''}`, {
      status: response.status,
      body,
    })
  }
  let messages: unknown
  try {
    messages = await response.json()
  } catch (error) {
    throw new AgentStreamError('http-error', `The history ${url} is not JSON.`, { cause: error })
  }
  if (!Array.isArray(messages)) throw new AgentStreamError('http-error', `The history ${url} is not a JSON array of messages.`)
  return messages as Msg[]
}
