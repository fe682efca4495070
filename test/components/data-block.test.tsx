// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import axe from 'axe-core'
import { JSDOM_AXE_OPTIONS } from '../fixtures/jsdom-axe'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentChat } from '../../src/components/agent-chat'
import { DataBlockView } from '../../src/components/data-block'
import { MessageList } from '../../src/components/message-list'
import { applyEvents } from '../../src/core'
import type { DataEntry } from '../../src/core'
import { AgentProvider } from '../../src/react/agent-provider'
import type { AgentStore } from '../../src/store/agent-store-state'
import { storeFromEvents } from '../fixtures/agent-store'
import { loadFixtures } from '../fixtures/load-fixtures'
import { end, event, start } from '../fixtures/script'

afterEach(cleanup)

const imageFixture = loadFixtures().find((fixture) => fixture.name === 'data-block-image-base64-chunks')!
const deltas = imageFixture.events.filter((value) => (value as { type: string }).type === 'DATA_BLOCK_DELTA') as { delta: string }[]
const fullImage = deltas.map((delta) => delta.delta).join('')
// The events up to and including the n-th DATA_BLOCK_DELTA.
const upToDelta = (n: number) => imageFixture.events.slice(0, imageFixture.events.indexOf(deltas[n - 1]!) + 1)

const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA='
const dataStart = (fields: Record<string, unknown> = {}) => event('DATA_BLOCK_START', { replyId: 'M1', blockId: 'media', ...fields })
const dataDelta = (delta: string) => event('DATA_BLOCK_DELTA', { replyId: 'M1', blockId: 'media', delta })
const dataEnd = () => event('DATA_BLOCK_END', { replyId: 'M1', blockId: 'media' })
const streamed = (...chunks: string[]) => [start(), dataStart(), ...chunks.map(dataDelta), dataEnd(), end()]

function renderList(store: AgentStore) {
  return render(
    <AgentProvider store={store}>
      <MessageList />
    </AgentProvider>,
  )
}

function noScriptUrls(container: HTMLElement): string[] {
  return [...container.querySelectorAll('[src],[href]')]
    .map((node) => node.getAttribute('src') ?? node.getAttribute('href') ?? '')
    .filter((url) => /^\s*javascript:/i.test(url))
}

describe('DataBlockView', () => {
  it('shows a generated image from its base64 chunks once the block ends', () => {
    const { container } = renderList(storeFromEvents(imageFixture.events))
    const image = container.querySelector('img')
    expect(image?.getAttribute('src')).toBe(`data:image/png;base64,${fullImage}`)
    expect(image?.closest('figure')?.getAttribute('data-status')).toBe('done')
  })

  it('shows the image while it streams, up to the last whole base64 group', () => {
    const { container } = renderList(storeFromEvents(upToDelta(3)))
    const partial = deltas
      .slice(0, 3)
      .map((delta) => delta.delta)
      .join('')
    const src = container.querySelector('img')?.getAttribute('src')
    expect(src).toBe(`data:image/png;base64,${partial.slice(0, partial.length - (partial.length % 4))}`)
    expect(container.querySelector('figure')?.getAttribute('data-status')).toBe('streaming')
  })

  it('grows in place as more chunks arrive, then settles on the whole image', () => {
    const store = storeFromEvents(upToDelta(2))
    const { container } = renderList(store)
    const figure = container.querySelector('figure')
    act(() => store.setState({ agent: applyEvents(store.getState().agent, imageFixture.events.slice(upToDelta(2).length)) }))
    expect(container.querySelector('figure')).toBe(figure)
    expect(figure?.querySelector('img')?.getAttribute('src')).toBe(`data:image/png;base64,${fullImage}`)
  })

  // Regression test (a bug, now fixed, in src/components/media-view.tsx:38-47, with src/core/data-block.ts:72-73): while a block streams and its type is
  // not known yet (the first chunks are shorter than the PNG signature), the preview's media type is null, which
  // resolves to application/octet-stream, kind "file": the card offers "Download (application/octet-stream)" for
  // the partial bytes, then turns into an image a chunk later. Expected: "Loading…" and no download while streaming.
  it('shows "Loading…", not a download of the partial bytes, while the media type is still unknown', () => {
    renderList(storeFromEvents([start(), dataStart(), dataDelta('iVB')]))
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByText('Loading…')).toBeTruthy()
  })

  it('plays audio sent as a data: URL', () => {
    const { container } = renderList(storeFromEvents(streamed(`data:audio/wav;base64,${WAV}`)))
    expect(container.querySelector('audio')?.getAttribute('src')).toBe(`data:audio/wav;base64,${WAV}`)
  })

  it('plays audio whose type is sniffed from its bytes', () => {
    const { container } = renderList(storeFromEvents(streamed(WAV.slice(0, 13), WAV.slice(13))))
    expect(container.querySelector('audio')?.getAttribute('src')).toBe(`data:audio/wav;base64,${WAV}`)
  })

  it('plays a video from a URL with the media type hinted on DATA_BLOCK_START', () => {
    const events = [start(), dataStart({ mediaType: 'video/mp4' }), dataDelta('https://cdn.example.com/'), dataDelta('clip.mp4'), dataEnd(), end()]
    const { container } = renderList(storeFromEvents(events))
    // a remote URL waits for the reader's click (issue #11)
    expect(container.querySelector('video')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Load video from cdn.example.com' }))
    expect(container.querySelector('video')?.getAttribute('src')).toBe('https://cdn.example.com/clip.mp4')
    expect(container.querySelector('video')?.getAttribute('referrerpolicy')).toBe('no-referrer')
  })

  it('offers an HTML document as a download naming its type, never inline', () => {
    const { container } = renderList(storeFromEvents(streamed('data:text/html;base64,PGgxPmhpPC9oMT4=')))
    const link = screen.getByRole('link', { name: 'Download (text/html)' })
    expect(link.getAttribute('download')).toBe('download')
    // the bytes become a file only when asked for
    link.addEventListener('click', (event) => event.preventDefault())
    fireEvent.click(link)
    expect(link.getAttribute('href')).toMatch(/^blob:/)
    expect(container.querySelector('iframe,object,embed,img')).toBeNull()
  })

  it('offers an SVG as a download, since an SVG can carry script', () => {
    const { container } = renderList(storeFromEvents(streamed('data:image/svg+xml;base64,PHN2Zy8+')))
    expect(screen.getByRole('link', { name: 'Download (image/svg+xml)' })).toBeTruthy()
    expect(container.querySelector('img')).toBeNull()
  })

  it('never puts a javascript: URL into src or href', () => {
    const { container } = renderList(storeFromEvents(streamed('javascript:alert(document.cookie)')))
    expect(noScriptUrls(container)).toEqual([])
  })

  it('is replaced by components.DataBlock', () => {
    const store = storeFromEvents(imageFixture.events)
    render(<AgentChat store={store} components={{ DataBlock: ({ entry }) => <p>{entry.raw.length} bytes of base64</p> }} />)
    expect(screen.getByText(`${fullImage.length} bytes of base64`)).toBeTruthy()
  })

  it('spreads extra props onto its root', () => {
    const entry = storeFromEvents(imageFixture.events).getState().agent.scopes['']!.turns[0]!.entries[1] as DataEntry
    render(<DataBlockView entry={entry} data-testid="icon" title="Generated icon" />)
    expect(screen.getByTestId('icon').getAttribute('title')).toBe('Generated icon')
    expect(screen.getByTestId('icon').getAttribute('data-as-block')).toBe('data')
  })

  it('forwards its ref to the root element', () => {
    const entry = storeFromEvents(imageFixture.events).getState().agent.scopes['']!.turns[0]!.entries[1] as DataEntry
    const ref = createRef<HTMLElement>()
    render(<DataBlockView entry={entry} ref={ref} />)
    expect(ref.current?.tagName).toBe('FIGURE')
  })

  it('has no axe violations', async () => {
    const { container } = renderList(storeFromEvents(imageFixture.events))
    const results = await axe.run(container, JSDOM_AXE_OPTIONS)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
})
