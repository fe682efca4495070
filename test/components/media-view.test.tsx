// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { resolveMedia } from '../../src/components/media-source'
import { MediaView } from '../../src/components/media-view'
import { MessageList } from '../../src/components/message-list'
import { AgentProvider } from '../../src/react/agent-provider'
import type { AgentStore } from '../../src/store/agent-store-state'
import { storeFromEvents } from '../fixtures/agent-store'
import { end, event, resultEnd, resultStart, start, toolDelta, toolEnd, toolStart } from '../fixtures/script'

afterEach(cleanup)

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const MP4 = 'AAAAIGZ0eXBpc29tAAACAGlzb21pc28yYXZjMW1wNDE='

// A tool whose result carries one media block, as TOOL_RESULT_DATA_DELTA sends it.
function toolReturning(block: Record<string, unknown>) {
  const data = event('TOOL_RESULT_DATA_DELTA', { replyId: 'A1', toolCallId: 'c1', toolCallName: 'render', data: block })
  return [start(), toolStart('c1', 'render'), toolDelta('c1', '{}'), toolEnd('c1', 'render'), resultStart('c1'), data, resultEnd('c1'), end()]
}

function renderList(store: AgentStore) {
  return render(
    <AgentProvider store={store}>
      <MessageList />
    </AgentProvider>,
  )
}

function scriptUrls(container: HTMLElement): string[] {
  return [...container.querySelectorAll('[src],[href]')]
    .map((node) => node.getAttribute('src') ?? node.getAttribute('href') ?? '')
    .filter((url) => /script:/i.test(url.replace(/\s/g, '')))
}

describe('MediaView', () => {
  it('shows a media block whose media type or name is mistyped, and the rest of its card', () => {
    // a media_type or name that is not a string made the whole tool card "could not be shown"
    for (const block of [
      { type: 'image', source: { type: 'base64', media_type: 7, data: 'AAAA' } },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG }, name: { n: 1 } },
    ]) {
      const { container, unmount } = renderList(storeFromEvents(toolReturning(block)))
      expect(container.textContent).not.toContain('could not be shown')
      expect(container.querySelector('.as-tool')).not.toBeNull()
      unmount()
    }
  })

  it('shows an image from base64 with its name as alt text and caption', () => {
    const block = { type: 'data', source: { type: 'base64', media_type: 'image/png', data: PNG }, name: 'dot.png' }
    const { container } = renderList(storeFromEvents(toolReturning(block)))
    // inline bytes show at once, as a thumbnail that opens a lightbox
    const thumbnail = screen.getByRole('button', { name: 'Enlarge dot.png' })
    expect(thumbnail.querySelector('img')?.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`)
    expect(thumbnail.querySelector('img')?.getAttribute('alt')).toBe('dot.png')
    expect(container.querySelector('figcaption')?.textContent).toBe('dot.png')
  })

  it('opens the image in a dialog that the close button (or Escape, natively) closes', () => {
    const block = { type: 'data', source: { type: 'base64', media_type: 'image/png', data: PNG }, name: 'dot.png' }
    const { container } = renderList(storeFromEvents(toolReturning(block)))
    fireEvent.click(screen.getByRole('button', { name: 'Enlarge dot.png' }))
    const dialog = container.querySelector('dialog')!
    expect(dialog.hasAttribute('open')).toBe(true)
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`)
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(container.querySelector('dialog')).toBeNull()
  })

  // Issue #11: a URL in a tool result must not be fetched before the reader asks (it can carry the conversation out).
  it('loads an image from an https URL only when the reader clicks, with no referrer', () => {
    const block = { type: 'image', source: { type: 'url', url: 'https://example.com/chart.png' } }
    const { container } = renderList(storeFromEvents(toolReturning(block)))
    expect(container.querySelector('img')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Load image from example.com' }))
    const image = container.querySelector('img')
    expect(image?.getAttribute('src')).toBe('https://example.com/chart.png')
    expect(image?.getAttribute('referrerpolicy')).toBe('no-referrer')
  })

  it('loads media at once from an origin the app allows (mediaPolicy), and only from that one', () => {
    const block = (url: string) => ({ type: 'image', source: { type: 'url', url } })
    const store = storeFromEvents(toolReturning(block('https://cdn.example.com/a.png')))
    const { container } = render(<AgentChat store={store} mediaPolicy={{ allowOrigins: ['https://cdn.example.com'] }} />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/a.png')
    cleanup()
    const other = render(
      <AgentChat
        store={storeFromEvents(toolReturning(block('https://evil.example/a.png')))}
        mediaPolicy={{ allowOrigins: ['https://cdn.example.com'] }}
      />,
    )
    expect(other.container.querySelector('img')).toBeNull()
  })

  it('plays audio from a URL with controls, after a click, with no referrer', () => {
    const block = { type: 'audio', source: { type: 'url', url: 'https://example.com/a.mp3', mime_type: 'audio/mpeg' } }
    const { container } = renderList(storeFromEvents(toolReturning(block)))
    expect(container.querySelector('audio')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Load audio from example.com' }))
    const audio = container.querySelector('audio')
    expect(audio?.getAttribute('referrerpolicy')).toBe('no-referrer')
    expect(audio?.getAttribute('src')).toBe('https://example.com/a.mp3')
    expect(audio?.hasAttribute('controls')).toBe(true)
  })

  it('plays a video from base64', () => {
    const block = { type: 'video', source: { type: 'base64', media_type: 'video/mp4', data: MP4 } }
    const { container } = renderList(storeFromEvents(toolReturning(block)))
    expect(container.querySelector('video')?.getAttribute('src')).toBe(`data:video/mp4;base64,${MP4}`)
  })

  it('offers an SVG as a download named after the file and its type', () => {
    const block = { type: 'data', source: { type: 'base64', media_type: 'image/svg+xml', data: 'PHN2Zy8+' }, name: 'logo.svg' }
    const { container } = renderList(storeFromEvents(toolReturning(block)))
    const link = screen.getByRole('link', { name: 'logo.svg · Download (image/svg+xml)' })
    expect(link.getAttribute('download')).toBe('logo.svg')
    expect(container.querySelector('img')).toBeNull()
  })

  it('spells out a right-to-left override in a file or image name, and saves the file under its real name', () => {
    const file = { type: 'data', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERg==' }, name: 'invoice\u202Efdp.exe' }
    const image = { type: 'data', source: { type: 'base64', media_type: 'image/png', data: PNG }, name: 'photo\u202Egnp.exe' }
    renderList(storeFromEvents(toolReturning(file)))
    // shown as `…exe`, never as `…pdf`: the override is spelled out, and the name is isolated from the words after it
    const link = screen.getByRole('link', { name: 'invoice⟨U+202E⟩fdp.exe · Download (application/pdf)' })
    expect(link.querySelector('bdi')?.textContent).toBe('invoice⟨U+202E⟩fdp.exe')
    expect(link.getAttribute('download')).toBe('invoicefdp.exe')
    cleanup()
    const { container } = renderList(storeFromEvents(toolReturning(image)))
    expect(container.querySelector('figcaption bdi')?.textContent).toBe('photo⟨U+202E⟩gnp.exe')
    expect(container.querySelector('.as-thumb img')?.getAttribute('alt')).toBe('photo⟨U+202E⟩gnp.exe')
  })

  it('offers an HTML page behind a URL as a download link, not a frame', () => {
    const block = { type: 'data', source: { type: 'url', url: 'https://example.com/report.html', mime_type: 'text/html' } }
    const { container } = renderList(storeFromEvents(toolReturning(block)))
    expect(screen.getByRole('link', { name: 'Download (text/html)' }).getAttribute('href')).toBe('https://example.com/report.html')
    expect(container.querySelector('iframe,object,embed')).toBeNull()
  })

  it.each(['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>'])(
    'never renders the URL %j as src or href',
    (url) => {
      const { container } = renderList(storeFromEvents(toolReturning({ type: 'image', source: { type: 'url', url } })))
      expect(scriptUrls(container)).toEqual([])
      expect(container.querySelector('[src^="data:text/html"],[href^="data:text/html"]')).toBeNull()
    },
  )

  it('renders through components.Data.byName, by media type first, then by kind', () => {
    const block = { type: 'data', source: { type: 'base64', media_type: 'image/png', data: PNG }, name: 'dot.png' }
    const byType = ({ name }: { name?: string }) => <span>png renderer for {name}</span>
    const byKind = () => <span>image renderer</span>
    render(<AgentChat store={storeFromEvents(toolReturning(block))} components={{ Data: { byName: { 'image/png': byType, image: byKind } } }} />)
    expect(screen.getByText('png renderer for dot.png')).toBeTruthy()
    expect(screen.queryByText('image renderer')).toBeNull()
  })

  it('renders through components.Data.Fallback when no name matches', () => {
    const block = { type: 'audio', source: { type: 'url', url: 'https://example.com/a.mp3', mime_type: 'audio/mpeg' } }
    const Fallback = ({ media }: { media: { kind: string } }) => <span>custom {media.kind}</span>
    render(<AgentChat store={storeFromEvents(toolReturning(block))} components={{ Data: { Fallback } }} />)
    expect(screen.getByText('custom audio')).toBeTruthy()
  })

  it('spreads extra props onto its figure', () => {
    const media = resolveMedia({ type: 'url', url: 'https://example.com/a.png', mime_type: 'image/png' })!
    render(<MediaView media={media} name="a.png" data-testid="media" className="wide" />)
    expect(screen.getByTestId('media').tagName).toBe('FIGURE')
    expect(screen.getByTestId('media').className).toBe('wide')
  })

  it('forwards its ref to the figure', () => {
    const media = resolveMedia({ type: 'url', url: 'https://example.com/a.png', mime_type: 'image/png' })!
    const ref = createRef<HTMLElement>()
    render(<MediaView media={media} ref={ref} />)
    expect(ref.current?.getAttribute('data-kind')).toBe('image')
  })

  it('has no axe violations', async () => {
    const image = { type: 'data', source: { type: 'base64', media_type: 'image/png', data: PNG }, name: 'dot.png' }
    const { container } = renderList(storeFromEvents(toolReturning(image)))
    const results = await axe.run(container, JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
})
