// Written as `process.env.NODE_ENV` so that bundlers replace it in the app's build (Vite leaves it alone in a library build).
declare const process: { readonly env: Readonly<Record<string, string | undefined>> } | undefined

const reported = new Set<string>()

/** Whether this is a development build: `NODE_ENV` other than `production`; without `process` (a browser, unbundled) it is not. */
export function isDevelopment(): boolean {
  return typeof process !== 'undefined' && process.env.NODE_ENV !== 'production'
}

/** A `[agentscope-react]` console error in development, once per key; nothing in production. */
export function devError(key: string, message: string, cause?: unknown): void {
  if (!isDevelopment() || reported.has(key)) return
  reported.add(key)
  console.error(`[agentscope-react] ${message}`, ...(cause === undefined ? [] : [cause]))
}
