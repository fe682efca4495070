// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { useEffect } from 'react'
import { afterEach, expect, it, vi } from 'vitest'
import { AgentStreamError } from '../../src/core'
import type { AgentSession, AgentTransport } from '../../src/core'
import { AgentProvider } from '../../src/react/agent-provider'
import { useAgentSession } from '../../src/react/use-agent-session'

afterEach(cleanup)

const failing: AgentTransport = {
  run: () => Promise.reject(new AgentStreamError('http-error', 'The agent server answered 503', { status: 503 })),
  interrupt: async () => {},
}

it('hears failed runs and reported errors through the latest onError of the provider (#12)', async () => {
  let session: AgentSession | undefined
  function Grab() {
    const found = useAgentSession()
    useEffect(() => void (session = found), [found])
    return null
  }
  const first: string[] = []
  const second: string[] = []
  const view = render(
    <AgentProvider transport={failing} onError={(error) => first.push(error.code)}>
      <Grab />
    </AgentProvider>,
  )
  view.rerender(
    <AgentProvider transport={failing} onError={(error) => second.push(error.code)}>
      <Grab />
    </AgentProvider>,
  )
  await act(() => session!.send('Hi'))
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  act(() => session!.reportError(new Error('a card threw'), 'block text-1'))
  expect(consoleError).toHaveBeenCalledTimes(1)
  consoleError.mockRestore()
  expect(first).toEqual([])
  expect(second).toEqual(['http-error', 'render-failed'])
  expect(session!.getState().warnings.at(-1)?.message).toBe('block text-1: a card threw')
})
