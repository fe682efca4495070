// @vitest-environment jsdom
// The component and hook tests run against the React their config names: the project's own, or React 18.3 under
// `npm run test:react18` (test/react18/vitest.config.ts), in every project of that config.
import { readFileSync } from 'node:fs'
import { version as reactVersion } from 'react'
import { version as reactDomVersion } from 'react-dom'
import { expect, it } from 'vitest'

// vitest runs from the repository's root (jsdom's URL can not name a file)
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> }
const expected = process.env.AGENTSCOPE_REACT_VERSION ?? manifest.devDependencies.react

it('renders with the React and React DOM its config names', () => {
  expect([reactVersion, reactDomVersion]).toEqual([expected, expected])
})
