/**
 * `npm run bench -- size`: builds and packs the kit, installs the tarball into a fresh consumer project, builds the
 * small apps of test/package/apps with Vite (minified, React external) and prints what the page loads at start,
 * min+gz, beside the budgets. The package suite (`npm run test:package`) fails when a size passes its ceiling.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { buildApp, SIZE_BUDGETS, SIZE_CEILINGS, SIZED_APPS, type SizedApp } from '../test/package/build-app'
import { buildAndPack, consumerDependencies, copyApp, installConsumer } from '../test/package/pack-kit'
import { printSection, printTable, verdict } from './report'

export interface SizeResult {
  readonly app: SizedApp
  readonly initialBytes: number
  readonly lazyBytes: number
  readonly budget: number
  readonly ceiling: number
}

export async function runSizeBench(failures: string[]): Promise<SizeResult[]> {
  const tarball = buildAndPack()
  const consumer = mkdtempSync(join(tmpdir(), 'agentscope-size-'))
  try {
    installConsumer(consumer, tarball, consumerDependencies(['react', 'react-dom']))
    copyApp('apps', join(consumer, 'apps'))
    const results: SizeResult[] = []
    for (const [app, file] of Object.entries(SIZED_APPS) as [Exclude<SizedApp, 'css'>, string][]) {
      const built = await buildApp(consumer, join(consumer, 'apps', file))
      const lazyBytes = built.lazy.reduce((sum, chunk) => sum + chunk.gzipBytes, 0)
      results.push({ app, initialBytes: built.initialGzipBytes, lazyBytes, budget: SIZE_BUDGETS[app], ceiling: SIZE_CEILINGS[app] })
      if (app === 'agentChat') {
        const cssBytes = built.css.reduce((sum, file) => sum + file.gzipBytes, 0)
        results.push({ app: 'css', initialBytes: cssBytes, lazyBytes: 0, budget: SIZE_BUDGETS.css, ceiling: SIZE_CEILINGS.css })
      }
    }
    for (const result of results) {
      if (result.initialBytes > result.ceiling)
        failures.push(`size: ${result.app} is ${result.initialBytes} B, over its ceiling of ${result.ceiling} B`)
    }
    return results
  } finally {
    rmSync(consumer, { recursive: true, force: true })
    rmSync(dirname(tarball), { recursive: true, force: true })
  }
}

const LABELS: Readonly<Record<SizedApp, string>> = {
  core: 'core only (transport + reducer)',
  hooks: 'core + store + hooks',
  agentChat: '<AgentChat> with markdown',
  css: 'styles.css',
}

const kilobytes = (bytes: number) => bytes / 1000

export function printSizeReport(results: readonly SizeResult[]): void {
  printSection('Consumer apps built from the packed tarball with Vite: kB min+gz, React external')
  printTable(
    ['app', 'at start', 'lazy chunks', 'budget', 'verdict', 'CI ceiling'],
    results.map((result) => [
      LABELS[result.app],
      kilobytes(result.initialBytes),
      result.lazyBytes === 0 ? null : kilobytes(result.lazyBytes),
      kilobytes(result.budget),
      verdict(result.initialBytes, result.budget),
      kilobytes(result.ceiling),
    ]),
    ['"at start": the entry chunk and every chunk it imports statically; "lazy": chunks reached only by import() (the highlighter).'],
  )
}
