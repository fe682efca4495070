// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Component, createRef, forwardRef, useState } from 'react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazyPart } from '../../src/components/lazy-part'

afterEach(cleanup)

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

function Card({ label }: { readonly label: string }) {
  const [clicks, setClicks] = useState(0)
  return (
    <button type="button" onClick={() => setClicks(clicks + 1)}>
      {label} {clicks}
    </button>
  )
}

const placeholder = ({ label }: { readonly label: string }) => <span>loading {label}</span>

class Boundary extends Component<{ readonly children: ReactNode }, { readonly failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? <span>part failed</span> : this.props.children
  }
}

describe('lazyPart', () => {
  it('shows the placeholder (with the part’s props) until the chunk arrives, then the part, which keeps its state', async () => {
    const chunk = deferred<typeof Card>()
    const part = lazyPart(() => chunk.promise, placeholder)
    const view = render(<part.Component label="bash" />)
    expect(screen.getByText('loading bash')).toBeTruthy()
    await act(async () => chunk.resolve(Card))
    act(() => screen.getByRole('button').click())
    expect(screen.getByRole('button').textContent).toBe('bash 1')
    // a re-render after the load keeps the same instance (no remount: the count stays)
    view.rerender(<part.Component label="bash" />)
    expect(screen.getByRole('button').textContent).toBe('bash 1')
    expect(screen.queryByText('loading bash')).toBeNull()
  })

  it('renders at once, as a static import would, once preloaded', async () => {
    let loads = 0
    const part = lazyPart(async () => {
      loads++
      return Card
    }, placeholder)
    await part.preload()
    render(<part.Component label="grep" />)
    expect(screen.getByRole('button').textContent).toBe('grep 0')
    await part.preload()
    expect(loads).toBe(1)
  })

  it('lets a failed download reach the error boundary, and downloads again for the next part shown', async () => {
    const attempts = [deferred<typeof Card>(), deferred<typeof Card>()]
    let attempt = 0
    const part = lazyPart(() => attempts[attempt++]!.promise, placeholder)
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    const first = render(
      <Boundary>
        <part.Component label="ls" />
      </Boundary>,
    )
    expect(screen.getByText('loading ls')).toBeTruthy()
    await act(async () => attempts[0]!.reject(new Error('offline')))
    expect(screen.getByText('part failed')).toBeTruthy()
    quiet.mockRestore()
    first.unmount()
    render(
      <Boundary>
        <part.Component label="ls" />
      </Boundary>,
    )
    expect(screen.getByText('loading ls')).toBeTruthy()
    await act(async () => attempts[1]!.resolve(Card))
    expect(screen.getByRole('button').textContent).toBe('ls 0')
    expect(attempt).toBe(2)
  })

  it('keeps an optional part its placeholder when the download fails, and downloads again for the next one shown', async () => {
    const attempts = [deferred<typeof Card>(), deferred<typeof Card>()]
    let attempt = 0
    const part = lazyPart(() => attempts[attempt++]!.promise, placeholder, true)
    const first = render(
      <Boundary>
        <part.Component label="usage" />
      </Boundary>,
    )
    await act(async () => attempts[0]!.reject(new Error('offline')))
    expect(screen.queryByText('part failed')).toBeNull()
    expect(screen.getByText('loading usage')).toBeTruthy()
    first.unmount()
    render(<part.Component label="usage" />)
    await act(async () => attempts[1]!.resolve(Card))
    expect(screen.getByRole('button').textContent).toBe('usage 0')
    expect(attempt).toBe(2)
  })

  it('forwards a ref to the loaded part, in React 18 as in 19', async () => {
    const Figure = forwardRef<HTMLElement, { readonly label: string }>(function Figure({ label }, ref) {
      return <figure ref={ref}>{label}</figure>
    })
    const part = lazyPart(async () => Figure, placeholder)
    await part.preload()
    const ref = createRef<HTMLElement>()
    const Forwarding = part.Component as unknown as typeof Figure
    render(<Forwarding label="chart" ref={ref} />)
    expect(ref.current?.tagName).toBe('FIGURE')
  })
})
