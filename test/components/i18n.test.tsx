// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { AGENT_STRINGS, AGENT_STRINGS_EN, resolveAgentStrings } from '../../src/components/i18n'
import type { AgentLocale } from '../../src/components/i18n'
import type { AgentStrings } from '../../src/components/i18n'
import { storeFromEvents } from '../fixtures/agent-store'
import { end, resultStart, resultText, start, text, textStart, toolDelta, toolEnd, toolStart } from '../fixtures/script'
import { AGENT_STRINGS_ZH_CN } from '../../src/components/i18n-zh-cn'

afterEach(cleanup)

const reply = '```js\nlet answer = 42\n```'
const chat = () => storeFromEvents([start(), textStart(), text(reply), end()], { endOfStream: true })

describe('open strings (#12)', () => {
  it('takes a built-in locale as its strings object, markdown labels included', () => {
    const { container } = render(<AgentChat store={chat()} locale={AGENT_STRINGS_ZH_CN} />)
    expect(container.firstElementChild?.getAttribute('lang')).toBe('zh-CN')
    expect(screen.getByRole('button', { name: '发送' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '复制' })).toBeTruthy()
  })

  it("labels a tool card's parts with the locale's own colon (参数：bash, not 参数: bash)", async () => {
    const events = [
      start(),
      toolStart('c1', 'bash'),
      toolDelta('c1', '{"command":"ls"}'),
      toolEnd('c1', 'bash'),
      resultStart('c1'),
      resultText('c1', 'ok'),
    ]
    render(<AgentChat store={storeFromEvents(events)} locale={AGENT_STRINGS_ZH_CN} />)
    expect(await screen.findByRole('group', { name: '参数：bash' })).toBeTruthy()
    expect(screen.getByRole('group', { name: '输出：bash' })).toBeTruthy()
  })

  it('takes a strings object of your own, with its language tag', () => {
    const french: AgentStrings = { ...AGENT_STRINGS.en, lang: 'fr', send: 'Envoyer', markdown: { ...AGENT_STRINGS.en.markdown, copy: 'Copier' } }
    const { container } = render(<AgentChat store={chat()} locale={french} />)
    expect(container.firstElementChild?.getAttribute('lang')).toBe('fr')
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copier' })).toBeTruthy()
  })

  it('overrides single strings, grouped ones entry by entry', () => {
    render(<AgentChat store={chat()} locale={AGENT_STRINGS_ZH_CN} strings={{ send: '提问', markdown: { copy: '拷贝' } }} />)
    expect(screen.getByRole('button', { name: '提问' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '拷贝' })).toBeTruthy()
    expect(screen.getByPlaceholderText('向智能体提问…')).toBeTruthy()
  })

  it('gives back the built-in object when there is nothing to override', () => {
    expect(resolveAgentStrings(AGENT_STRINGS_ZH_CN)).toBe(AGENT_STRINGS_ZH_CN)
    expect(resolveAgentStrings('en')).toBe(AGENT_STRINGS_EN)
    expect(resolveAgentStrings('en', { toolStatus: { running: 'Working' } }).toolStatus).toEqual({
      ...AGENT_STRINGS.en.toolStatus,
      running: 'Working',
    })
  })

  it('speaks English, and says what to pass, for a language named rather than imported (#9)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    // what plain JavaScript, or code written before the locales became objects, may pass
    const named = 'zh-CN' as unknown as AgentLocale
    render(<AgentChat store={chat()} locale={named} />)
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy()
    expect(error).toHaveBeenCalledWith(expect.stringContaining('locale={AGENT_STRINGS_ZH_CN}'))
    error.mockRestore()
  })

  it('keeps the Simplified Chinese strings out of the English defaults, which are the same table as AGENT_STRINGS.en', () => {
    expect(AGENT_STRINGS.en).toBe(AGENT_STRINGS_EN)
    expect(AGENT_STRINGS['zh-CN']).toBe(AGENT_STRINGS_ZH_CN)
    expect(JSON.stringify(AGENT_STRINGS_EN)).not.toMatch(/[\u4e00-\u9fff]/)
  })

  it('does not compile a locale with a missing string', () => {
    const { send: _send, ...incomplete } = AGENT_STRINGS.en
    // @ts-expect-error every key is required: `send` is missing
    const broken: AgentStrings = incomplete
    expect(broken.send).toBeUndefined()
  })
})
