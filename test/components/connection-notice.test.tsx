// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { storeFromEvents } from '../fixtures/agent-store'
import { start, text, textStart } from '../fixtures/script'
import { AGENT_STRINGS_ZH_CN } from '../../src/components/i18n-zh-cn'

it('says "reconnecting" while a resumable stream reconnects, "reconnected" while the reply goes on, then nothing', () => {
  const store = storeFromEvents([start(), textStart(), text('Hel')])
  const { container } = render(<AgentChat store={store} locale={AGENT_STRINGS_ZH_CN} />)
  const notice = () => container.querySelector('.as-connection') as HTMLElement
  expect(notice().textContent).toBe('')
  act(() => store.setState({ status: 'streaming', connection: 'reconnecting' }))
  expect(notice().textContent).toBe('连接中断，正在重新连接…')
  expect(screen.getByRole('status').textContent).toBe('连接中断，正在重新连接…')
  act(() => store.setState({ connection: 'reconnected' }))
  expect(notice().getAttribute('data-state')).toBe('reconnected')
  act(() => store.setState({ status: 'done' }))
  expect(notice().textContent).toBe('')
})
