// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import type { ToolUseBlock } from '../../src/core'

// counts the arguments written out for the editor
const written = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../src/components/format-json', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/components/format-json')>()
  return {
    ...original,
    prettyJson: (...args: Parameters<typeof original.prettyJson>) => {
      written.count++
      return original.prettyJson(...args)
    },
  }
})

const { ConfirmationCard } = await import('../../src/components/confirmation-card')

afterEach(cleanup)

it('writes the arguments out for the editor only once it opens (five cards of 1.6 MB arguments took 0.5 s to mount)', () => {
  const input = { rows: Array.from({ length: 2_000 }, (_, index) => ({ index, name: `row ${index}` })) }
  const call: ToolUseBlock = {
    type: 'tool_use',
    id: 'big',
    name: 'import_rows',
    input,
    content: JSON.stringify(input),
    metadata: {},
    state: 'asking',
  }
  written.count = 0
  render(<ConfirmationCard toolCall={call} onDecide={() => {}} />)
  expect(written.count).toBe(0)
  fireEvent.click(screen.getByRole('button', { name: 'Edit arguments' }))
  expect(written.count).toBeGreaterThan(0)
  const editor = screen.getByRole('textbox', { name: 'Arguments' }) as HTMLTextAreaElement
  expect(JSON.parse(editor.value)).toEqual(input)
})
