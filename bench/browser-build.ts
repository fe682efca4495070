/**
 * The browser benchmark's page, built and served: a production Vite build of bench/browser/ into a temp
 * folder (React's profiling build, so `<Profiler onRender>` counts commits), the bundle sizes per chunk group,
 * and a loopback static server for it.
 */
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { dirname, extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { chromium, type Browser } from 'playwright-core'
import { build } from 'vite'
import type { Rolldown } from 'vite'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/chromium'
import type { Workload } from './workload'

const BENCH_DIRECTORY = dirname(fileURLToPath(import.meta.url))
const PAGE_ROOT = join(BENCH_DIRECTORY, 'browser')

/** Which part of the page a chunk holds: React, the entry (the page and the kit's code at start), the chunks loaded by `import()` (the kit's lazy parts, the highlighter, KaTeX, Mermaid), the stylesheets. */
export type ChunkGroup = 'react' | 'entry' | 'lazy' | 'styles'

/** One emitted file: minified bytes and gzip bytes (zlib level 9). */
export interface ChunkSize {
  readonly fileName: string
  readonly group: ChunkGroup
  readonly bytes: number
  readonly gzipBytes: number
  /** The modules in it, by package or project folder, with their rendered (minified) bytes. */
  readonly parts: Readonly<Record<string, number>>
}

/** The built page: where it is and what it weighs. */
export interface BuiltPage {
  readonly directory: string
  readonly chunks: readonly ChunkSize[]
  readonly buildMs: number
  /** Removes the temp folder. */
  readonly remove: () => void
}

// React gets a chunk of its own, so that the entry holds the page and what the kit loads at start, and the kit's
// lazy parts stay the chunks an app would ship (a forced "kit" chunk made their import() ineffective).
function isReact(id: string): boolean {
  return /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)
}

function partOf(id: string): string {
  if (id.startsWith('\0')) return id.slice(1)
  const packageMatch = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)
  if (packageMatch) return (packageMatch[1] as string).replace('\\', '/')
  const projectMatch = /[\\/](src[\\/][^\\/]+|bench)[\\/]/.exec(id)
  return projectMatch ? (projectMatch[1] as string).replace('\\', '/') : id
}

function groupOf(chunk: Rolldown.OutputChunk): ChunkGroup {
  if (chunk.moduleIds.length > 0 && chunk.moduleIds.every(isReact)) return 'react'
  return chunk.isEntry ? 'entry' : 'lazy'
}

function gzipBytes(source: string | Uint8Array): number {
  return gzipSync(source, { level: 9 }).length
}

/** Builds bench/browser/ (or another page folder) in production mode into a temp folder and writes the workload's events beside it (when there is one). */
export async function buildPage(workload: Workload | null, pageRoot = PAGE_ROOT): Promise<BuiltPage> {
  const directory = mkdtempSync(join(os.tmpdir(), 'agentscope-browser-bench-'))
  const started = performance.now()
  const output = await build({
    configFile: false,
    envDir: false,
    root: pageRoot,
    base: './',
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    plugins: [react()],
    // React's profiling build keeps onRender in production; the kit itself never imports react-dom.
    resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
    build: {
      outDir: directory,
      emptyOutDir: true,
      sourcemap: true,
      reportCompressedSize: false,
      // Mermaid's and cytoscape's chunks pass Vite's 500 kB warning; they load only at a page's first diagram.
      chunkSizeWarningLimit: 2_000,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [{ name: 'react', test: isReact }],
          },
        },
      },
    },
  })
  const buildMs = performance.now() - started
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[]
  const chunks: ChunkSize[] = []
  for (const file of outputs.flatMap((result) => result.output)) {
    if (file.type === 'chunk') {
      const parts: Record<string, number> = {}
      for (const [id, module] of Object.entries(file.modules)) parts[partOf(id)] = (parts[partOf(id)] ?? 0) + module.renderedLength
      chunks.push({ fileName: file.fileName, group: groupOf(file), bytes: Buffer.byteLength(file.code), gzipBytes: gzipBytes(file.code), parts })
    } else if (file.fileName.endsWith('.css')) {
      const source = typeof file.source === 'string' ? file.source : Buffer.from(file.source).toString()
      chunks.push({ fileName: file.fileName, group: 'styles', bytes: Buffer.byteLength(source), gzipBytes: gzipBytes(source), parts: {} })
    }
  }
  if (workload !== null) writeFileSync(join(directory, 'events.json'), JSON.stringify(workload.events))
  return { directory, chunks, buildMs, remove: () => rmSync(directory, { recursive: true, force: true }) }
}

/** The benchmarks' Chromium (`CHROMIUM_PATH`, else Debian's). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
}

/** A loopback static server for a folder. */
export interface StaticServer {
  readonly url: string
  readonly close: () => Promise<void>
}

/** Serves `directory` on 127.0.0.1 at a free port. */
export async function startStaticServer(directory: string): Promise<StaticServer> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    const file = normalize(join(directory, path === '/' ? 'index.html' : path))
    const found = file.startsWith(directory) && statSync(file, { throwIfNoEntry: false })?.isFile()
    if (!found) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' })
    createReadStream(file).pipe(response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
