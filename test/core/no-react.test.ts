import { readFileSync, readdirSync } from 'node:fs'
import { expect, it, vi } from 'vitest'

vi.mock('react', () => ({}))
vi.mock('react-dom', () => ({}))
vi.mock('zustand', () => ({}))

it('runs with react, react-dom and zustand mocked as empty modules', async () => {
  const core = await import('../../src/core')
  expect(core.replayEvents([{ type: 'AGENT_START', replyId: 'r' }]).turns).toHaveLength(1)
})

it('imports nothing from React or zustand, and the core imports no other layer', () => {
  for (const folder of ['core', 'transport', 'session']) {
    const directory = new URL(`../../src/${folder}/`, import.meta.url)
    for (const file of readdirSync(directory)) {
      const source = readFileSync(new URL(file, directory), 'utf8')
      expect(source, file).not.toMatch(/from '(react|react-dom|zustand)[/']/)
      if (folder === 'core') expect(source, file).not.toMatch(/from '\.\.\//)
    }
  }
})
