const reported = new Set<string>()

/** Whether this is a development build: any `NODE_ENV` but `production`, and no `process` at all counts as production. */
export function isDevelopment(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
  return env !== undefined && env.NODE_ENV !== 'production'
}

/** A `[agentscope-react]` console error in development, once per key; nothing in production. */
export function devError(key: string, message: string, cause?: unknown): void {
  if (!isDevelopment() || reported.has(key)) return
  reported.add(key)
  console.error(`[agentscope-react] ${message}`, ...(cause === undefined ? [] : [cause]))
}
