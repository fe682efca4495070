/**
 * Builds the kit, packs it as `npm pack` would for the registry, and installs the tarball into a fresh consumer
 * project the way a user's `npm install agentscope-react` does: its dependencies come from the npm registry (the
 * local npm cache first), nothing is linked from this repository.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Runs a command quietly; on failure the error carries everything it printed. */
export function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  try {
    return execFileSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', stdio: 'pipe' })
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string }
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${failure.stdout ?? ''}\n${failure.stderr ?? failure.message}`, {
      cause: error,
    })
  }
}

/** `npm run build`, then `npm pack` into a fresh temporary folder; returns the tarball's path. */
export function buildAndPack(): string {
  // NODE_ENV as in a release build, whatever the caller runs under (vitest sets `test`, which would give dev JSX)
  run('npm', ['run', 'build', '--silent'], ROOT, { NODE_ENV: 'production' })
  const destination = mkdtempSync(join(tmpdir(), 'agentscope-pack-'))
  run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', destination], ROOT)
  const tarball = readdirSync(destination).find((file) => file.endsWith('.tgz'))
  if (tarball === undefined) throw new Error(`npm pack wrote no tarball into ${destination}`)
  return join(destination, tarball)
}

const DEVELOPMENT = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies

/** A consumer's own dependencies, at the versions this repository tests with. */
export function consumerDependencies(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.map((name) => {
      const version = DEVELOPMENT[name]
      if (version === undefined) throw new Error(`${name} is no dev dependency of the kit`)
      return [name, version]
    }),
  )
}

const NPM_INSTALL = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']

/**
 * A consumer project in `directory` (created if missing) depending on the tarball and on `dependencies`, installed
 * without dev dependencies as a production install of an app would be. Copies `apps` (this folder's app sources).
 */
export function installConsumer(directory: string, tarball: string, dependencies: Readonly<Record<string, string>>): void {
  mkdirSync(directory, { recursive: true })
  const manifest = {
    name: 'agentscope-consumer',
    private: true,
    type: 'module',
    dependencies: { ...dependencies, 'agentscope-react': `file:${tarball}` },
  }
  writeFileSync(join(directory, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  run('npm', [...NPM_INSTALL, '--omit=dev'], directory)
}

/** Copies one of this folder's app folders into the consumer project. */
export function copyApp(name: string, directory: string): void {
  cpSync(fileURLToPath(new URL(`./${name}/`, import.meta.url)), directory, { recursive: true })
}
