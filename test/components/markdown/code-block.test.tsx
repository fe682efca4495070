// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { StreamingMarkdown } from '../../../src/components/markdown/streaming-markdown'
import { AGENT_STRINGS_ZH_CN } from '../../../src/components/i18n-zh-cn'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  Reflect.deleteProperty(navigator, 'clipboard')
})

function mockClipboard() {
  const writeText = vi.fn().mockResolvedValue(undefined)
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  return writeText
}

const CODE = '```sh\nnpm install agentscope-react\n```'

describe('code block', () => {
  it('renders <pre><code> with the language as data-language', () => {
    const { container } = render(<StreamingMarkdown text={CODE} />)
    const code = container.querySelector('pre > code')
    expect(code?.getAttribute('data-language')).toBe('sh')
    expect(code?.textContent).toBe('npm install agentscope-react')
  })

  it('copies the code with the Clipboard API and says so', async () => {
    const writeText = mockClipboard()
    render(<StreamingMarkdown text={CODE} />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    })
    expect(writeText).toHaveBeenCalledWith('npm install agentscope-react')
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Copied')
  })

  it('goes back to "Copy" after a moment', async () => {
    vi.useFakeTimers()
    mockClipboard()
    render(<StreamingMarkdown text={CODE} />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2500)
    })
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy()
  })

  it('labels the button in Chinese for zh-CN', async () => {
    mockClipboard()
    render(<StreamingMarkdown text={CODE} locale={AGENT_STRINGS_ZH_CN.markdown} />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '复制' }))
    })
    expect(screen.getByRole('button', { name: '已复制' })).toBeTruthy()
  })

  it('selects the code when there is no Clipboard API', () => {
    render(<StreamingMarkdown text={CODE} />)
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    expect(window.getSelection()?.toString()).toBe('npm install agentscope-react')
  })

  it('disables copying while the fence is still open', () => {
    render(<StreamingMarkdown text={'```sh\nnpm ins'} streaming />)
    expect((screen.getByRole('button', { name: 'Copy' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('npm ins').closest('pre')?.getAttribute('aria-busy')).toBe('true')
  })
})
