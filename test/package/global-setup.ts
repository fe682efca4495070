/** Builds and packs the kit once, and installs the tarball into one consumer project that every test file uses. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildAndPack, consumerDependencies, copyApp, installConsumer } from './pack-kit'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed kit, `agentscope-react-<version>.tgz`. */
    readonly tarball: string
    /** A consumer project with the tarball and React installed, and this folder's `apps/` copied in. */
    readonly consumer: string
  }
}

export default function setup(project: TestProject): () => void {
  const tarball = buildAndPack()
  const consumer = mkdtempSync(join(tmpdir(), 'agentscope-consumer-'))
  installConsumer(consumer, tarball, consumerDependencies(['react', 'react-dom', '@types/react', '@types/react-dom', '@types/node']))
  copyApp('apps', join(consumer, 'apps'))
  project.provide('tarball', tarball)
  project.provide('consumer', consumer)
  return () => {
    rmSync(consumer, { recursive: true, force: true })
    rmSync(dirname(tarball), { recursive: true, force: true })
  }
}
