import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, expect, it, vi } from 'vitest'

// The README's example must run as written, in plain Node: no React, no zustand.
vi.mock('react', () => ({}))
vi.mock('react-dom', () => ({}))
vi.mock('zustand', () => ({}))

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
const section = readme.slice(readme.indexOf('## The session: one chat without React'))
const example = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? ''
const src = (file: string) => fileURLToPath(new URL(`../../src/${file}`, import.meta.url))

let directory: string | undefined
afterEach(() => {
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true })
  directory = undefined
})

it('runs the README example of the session in plain Node (#12)', { timeout: 30_000 }, async () => {
  expect(example).toContain('createAgentSession')
  const code = example
    .replace("'agentscope-react/core'", JSON.stringify(src('core.ts')))
    .replace("'agentscope-react/testing'", JSON.stringify(src('testing.ts')))
  directory = mkdtempSync(join(tmpdir(), 'agentscope-readme-'))
  const file = join(directory, 'session-example.ts')
  writeFileSync(file, code)
  const lines: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((...values: unknown[]) => void lines.push(values.join(' ')))
  try {
    await import(/* @vite-ignore */ file)
  } finally {
    log.mockRestore()
  }
  expect(lines).toEqual(['status: connecting', 'status: streaming', 'status: done', 'USER text', 'ASSISTANT text'])
})
