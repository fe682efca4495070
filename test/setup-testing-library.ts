import { afterAll, beforeAll, vi } from 'vitest'

// Testing Library's `waitFor`/`findBy*` give up after 1 s by default: on a busy 2-core machine a streamed reply can
// take longer than that, and a test would fail for the machine's load, not for the kit. A longer wait costs nothing
// when the condition holds (it returns at once); it stays under the 15 s test timeout (vite.config.ts) so that a
// real failure still reports what it waited for. Only in DOM environments: the Node tests never load Testing Library.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react')
  configure({ asyncUtilTimeout: 12_000 })
  // Files share a jsdom (`isolate: false` in vite.config.ts): each one leaves it as it found it.
  afterAll(() => {
    cleanup()
    document.head.replaceChildren()
    document.body.replaceChildren()
    for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name)
    localStorage.clear()
    sessionStorage.clear()
  })
  // The chat's lazy parts (tool cards, media, the batch bar) are loaded as `<AgentChat>` loads them right after it
  // first shows, so that the component tests render them synchronously; test/components/lazy-part.test.tsx covers
  // a part shown before its chunk has arrived. In `beforeAll`, i.e. after the test file's imports and `vi.mock`s.
  beforeAll(async () => {
    const { preloadChatParts } = await import('../src/components/chat-parts')
    await preloadChatParts()
  })
}

// Fake timers left on by one file would stop every timer of the next one that shares its worker.
afterAll(() => {
  vi.useRealTimers()
})

export {}
