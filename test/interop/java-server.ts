/**
 * Builds and runs the example AgentScope server (examples/agentscope-server) for the interop tests,
 * `npm run record:interop` and `npm run dev:agentscope`. The Java process is always stopped: by `stop()`,
 * and by a SIGKILL when Node exits or is interrupted (Ctrl+C) first.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The Maven project of the example server. */
export const SERVER_DIR = fileURLToPath(new URL('../../examples/agentscope-server', import.meta.url))

/**
 * The two builds of the example: `2.0.2` (the default profile: native bridge, AG-UI, Agent Protocol, harness) and
 * `2.0.0` (`-P agentscope-2.0.0`: agentscope-core 2.0.0, native bridge only).
 */
export type AgentscopeVersion = '2.0.2' | '2.0.0'

/** The runnable jar `mvn package` makes for a build (`<finalName>` and the profile's `<directory>` in the pom). */
export function serverJar(version: AgentscopeVersion = '2.0.2'): string {
  return version === '2.0.2'
    ? join(SERVER_DIR, 'target', 'agentscope-kit-server.jar')
    : join(SERVER_DIR, 'target', 'agentscope-2.0.0', 'agentscope-kit-server.jar')
}
/** The 2.0.2 jar. */
export const SERVER_JAR = serverJar('2.0.2')

const READY_LINE = /agentscope-kit-server listening on port (\d+)/
const LOG_LIMIT = 200_000

function newestSource(path: string): number {
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestSource(join(path, name))))
}

function mavenPackage(version: AgentscopeVersion, offline: boolean): number {
  const profile = version === '2.0.0' ? ['-P', 'agentscope-2.0.0'] : []
  const args = ['-q', ...(offline ? ['-o'] : []), ...profile, '-f', SERVER_DIR, 'package', '-DskipTests']
  const result = spawnSync('mvn', args, { stdio: 'inherit' })
  return result.status ?? 1
}

/**
 * Packages a build of the server with Maven unless its jar is newer than the pom and every source file.
 * Tries offline first (dependencies cached in ~/.m2), then online (Maven Central). The 2.0.2 build needs
 * AgentScope 2.0.2 in ~/.m2: `../shared/upstream/install.sh` (or Maven Central, where it is published).
 */
export function buildServer(version: AgentscopeVersion = '2.0.2'): void {
  const jar = serverJar(version)
  const sourcesChanged = () => Math.max(newestSource(join(SERVER_DIR, 'pom.xml')), newestSource(join(SERVER_DIR, 'src')))
  if (existsSync(jar) && statSync(jar).mtimeMs > sourcesChanged()) return
  if (mavenPackage(version, true) === 0) return
  if (mavenPackage(version, false) !== 0) throw new Error(`mvn package${version === '2.0.0' ? ' -P agentscope-2.0.0' : ''} failed in ${SERVER_DIR}`)
}

/** A running example server. */
export interface JavaServer {
  /** e.g. `http://127.0.0.1:41234`; the bridge lives under `/api`. */
  readonly url: string
  readonly port: number
  readonly version: AgentscopeVersion
  /** Where the 2.0.2 build keeps sessions, the harness workspace and Agent Protocol tasks (`kit.data-dir`). */
  readonly dataDir: string
  /** What the process printed so far (stdout and stderr). */
  log(): string
  /** Stops the process (SIGTERM, then SIGKILL after 5 s) and waits for it to exit. */
  stop(): Promise<void>
}

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** 0 picks a free port, read back from the server's log. @default 0 */
  readonly port?: number
  /** Delay between two model chunks, in ms (`kit.pace-ms`). @default the server's own (25) */
  readonly paceMs?: number
  /** How long to wait for the server to listen. @default 120000 */
  readonly timeoutMs?: number
  /** Echo the server's output to this process's stderr. @default false */
  readonly echo?: boolean
  /** Which build to run. @default '2.0.2' */
  readonly version?: AgentscopeVersion
  /** `kit.data-dir`; pass the same one again to restart the server over its stored sessions. @default a new temporary directory */
  readonly dataDir?: string
}

const running = new Set<ChildProcess>()
let exitHooksInstalled = false

function killAll(): void {
  for (const child of running) child.kill('SIGKILL')
}

function installExitHooks(): void {
  if (exitHooksInstalled) return
  exitHooksInstalled = true
  process.once('exit', killAll)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll()
      process.exit(signal === 'SIGINT' ? 130 : 143)
    })
  }
}

// A free loopback port, for the 2.0.2 server, which needs its own address before it starts: its remote subagent
// (`kit.remote-url`) is its own Agent Protocol endpoint.
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** Starts the packaged server on a loopback port and resolves once it listens. */
export async function startServer(options: StartServerOptions = {}): Promise<JavaServer> {
  const { paceMs, timeoutMs = 120_000, echo = false, version = '2.0.2' } = options
  const port = options.port === undefined || options.port === 0 ? (version === '2.0.2' ? await freePort() : 0) : options.port
  const jar = serverJar(version)
  if (!existsSync(jar)) throw new Error(`${jar} is missing: call buildServer('${version}') first`)
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'agentscope-kit-'))
  installExitHooks()
  // C1 only and the serial collector: the server starts in a few seconds even on a busy two-core machine
  const args = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', jar, `--server.port=${port}`, `--kit.data-dir=${dataDir}`]
  if (paceMs !== undefined) args.push(`--kit.pace-ms=${paceMs}`)
  if (version === '2.0.2') args.push(`--kit.remote-url=http://127.0.0.1:${port}/api`)
  const child = spawn('java', args, { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  let output = ''
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child)
      resolve()
    }),
  )
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  }
  try {
    const listening = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The server did not listen within ${timeoutMs} ms:\n${output}`)), timeoutMs)
      const onData = (chunk: Buffer) => {
        const text = chunk.toString('utf8')
        if (echo) process.stderr.write(text)
        if (output.length < LOG_LIMIT) output += text
        const match = READY_LINE.exec(output)
        if (match !== null) {
          clearTimeout(timer)
          resolve(Number(match[1]))
        }
      }
      child.stdout?.on('data', onData)
      child.stderr?.on('data', onData)
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`The server exited (${String(code)}) before listening:\n${output}`))
      })
    })
    const url = `http://127.0.0.1:${listening}`
    const response = await fetch(`${url}/api/scenarios`)
    if (!response.ok) throw new Error(`GET ${url}/api/scenarios answered ${response.status}`)
    return { url, port: listening, version, dataDir, log: () => output, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
