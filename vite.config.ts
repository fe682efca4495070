import { readFileSync } from 'node:fs'
import { defineConfig } from 'vitest/config'
import type { Plugin } from 'vite'
import react from '@vitejs/plugin-react'

// The stylesheet is an entry of its own (`agentscope-react/styles.css`), never imported by the JS,
// so that importing the kit in SSR or tests needs no CSS loader.
function emitStylesheet(): Plugin {
  return {
    name: 'agentscope-react:stylesheet',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'styles.css', source: readFileSync('src/components/styles.css', 'utf8') })
    },
  }
}

export default defineConfig({
  plugins: [react(), emitStylesheet()],
  build: {
    lib: {
      entry: { index: 'src/index.ts', core: 'src/core/index.ts' },
      formats: ['es'],
    },
    sourcemap: true,
    rollupOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^zustand($|\/)/, /^@microsoft\/fetch-event-source($|\/)/],
    },
  },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/browser/**', 'node_modules/**'],
    environment: 'node',
  },
})
