/**
 * A minimal Next.js App Router app built against the packed tarball: a server component imports the React entry
 * (which must be a client module, or `next build` fails with `createContext is not a function`) and the server-safe
 * `agentscope-react/core`; a client component renders `<AgentChat>`. The prerendered HTML must hold all three.
 *
 * Next.js itself is installed once into node_modules/.cache (from the npm registry, the npm cache first) and kept
 * there; each run reinstalls only the tarball and copies the app in.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, inject, it } from 'vitest'
import { consumerDependencies, copyApp, ROOT, run } from './pack-kit'

const NEXT_VERSION = '16.4.6'
const APP = join(ROOT, `node_modules/.cache/agentscope-react-next-${NEXT_VERSION}`)
const INSTALL = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']

it('builds and prerenders with the kit in server and client components', () => {
  const tarball = inject('tarball')
  const react = consumerDependencies(['react', 'react-dom'])
  if (!existsSync(join(APP, 'node_modules/next/package.json'))) {
    mkdirSync(APP, { recursive: true })
    writeFileSync(join(APP, 'package.json'), JSON.stringify({ name: 'agentscope-next-app', private: true }))
    run('npm', [...INSTALL, `next@${NEXT_VERSION}`, `react@${react['react']}`, `react-dom@${react['react-dom']}`], APP)
  }
  run('npm', [...INSTALL, '--no-save', tarball], APP)
  rmSync(join(APP, 'app'), { recursive: true, force: true })
  rmSync(join(APP, '.next'), { recursive: true, force: true })
  copyApp('next-app', APP)
  run(process.execPath, [join(APP, 'node_modules/next/dist/bin/next'), 'build'], APP, { NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' })
  const html = readFileSync(join(APP, '.next/server/app/index.html'), 'utf8')
  expect(html).toContain('<strong>Rendered on the server</strong>')
  expect(html).toMatch(/<div[^>]* data-agentscope=/)
  expect(html).toContain('placeholder="Ask the agent"')
})
