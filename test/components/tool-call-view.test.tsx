// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import type { ToolCallRendererProps } from '../../src/components/components-context'
import { storeFromEvents } from '../fixtures/agent-store'
import { end, resultEnd, resultStart, resultText, start, toolDelta, toolEnd, toolStart } from '../fixtures/script'

afterEach(cleanup)

function Weather({ input, result }: ToolCallRendererProps) {
  const city = (input as { city?: string }).city ?? '…'
  const report = result?.block.output.map((block) => (block as { text?: string }).text).join('') ?? 'loading'
  return (
    <p>
      Weather for {city}: {report}
    </p>
  )
}

function Generic({ call }: ToolCallRendererProps) {
  return <p>Generic card for {call.block.name}</p>
}

const weatherCall = [start(), toolStart('w1', 'get_weather'), toolDelta('w1', '{"city":"Paris"}'), toolEnd('w1', 'get_weather')]

describe('ToolCallView', () => {
  it('renders a tool through components.ToolCall.byName, with its call, result and input', () => {
    const events = [...weatherCall, resultStart('w1'), resultText('w1', '18°C, light rain'), resultEnd('w1'), end()]
    render(<AgentChat store={storeFromEvents(events)} components={{ ToolCall: { byName: { get_weather: Weather } } }} />)
    expect(screen.getByText('Weather for Paris: 18°C, light rain')).toBeTruthy()
    expect(screen.queryByRole('article')).toBeNull()
  })

  it('gives the renderer the partial input while the arguments stream', () => {
    const events = [start(), toolStart('w1', 'get_weather'), toolDelta('w1', '{"city":"Ber')]
    render(<AgentChat store={storeFromEvents(events)} components={{ ToolCall: { byName: { get_weather: Weather } } }} />)
    expect(screen.getByText('Weather for Ber: loading')).toBeTruthy()
  })

  it('renders other tools through components.ToolCall.Fallback', () => {
    const events = [...weatherCall, toolStart('b1', 'bash'), toolDelta('b1', '{}'), toolEnd('b1', 'bash')]
    render(<AgentChat store={storeFromEvents(events)} components={{ ToolCall: { byName: { get_weather: Weather }, Fallback: Generic } }} />)
    expect(screen.getByText('Generic card for bash')).toBeTruthy()
    expect(screen.getByText('Weather for Paris: loading')).toBeTruthy()
  })

  it('falls back to the kit card for tools without a renderer', () => {
    const events = [...weatherCall, toolStart('b1', 'bash'), toolDelta('b1', '{}'), toolEnd('b1', 'bash')]
    render(<AgentChat store={storeFromEvents(events)} components={{ ToolCall: { byName: { get_weather: Weather } } }} />)
    expect(screen.getByRole('article').getAttribute('data-tool')).toBe('bash')
  })
})
