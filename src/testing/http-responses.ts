/** Small HTTP helpers of the scripted server: JSON replies, Spring-style error bodies, and request bodies. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { toJacksonJson } from './jackson-json'

const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

const MAX_BODY_BYTES = 16 * 1024 * 1024

/** Lets a page served from another origin (the demo on its own port) call the server. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Accept, Authorization, Last-Event-ID, X-Agent-Id',
}

/** Writes a JSON reply. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = toJacksonJson(body)
  response.writeHead(status, {
    ...CORS_HEADERS,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  })
  response.end(text)
}

/** An error reply shaped like Spring Boot's `DefaultErrorAttributes` (with `server.error.include-message=always`). */
export function sendError(response: ServerResponse, path: string, status: number, message: string): void {
  sendJson(response, status, {
    timestamp: new Date().toISOString().replace('Z', '+00:00'),
    path,
    status,
    error: REASON_PHRASES[status] ?? 'Error',
    message,
  })
}

/** A request body that could not be read. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message)
    this.name = 'BodyError'
  }
}

/** Reads a JSON request body; a body a framework already parsed (`request.body`) is used as is. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const parsed = (request as IncomingMessage & { body?: unknown }).body
  if (parsed !== undefined && typeof parsed !== 'string' && !Buffer.isBuffer(parsed)) return parsed
  let text: string
  if (typeof parsed === 'string' || Buffer.isBuffer(parsed)) {
    text = parsed.toString()
  } else {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of request) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string)
      size += buffer.length
      if (size > MAX_BODY_BYTES) throw new BodyError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes`)
      chunks.push(buffer)
    }
    text = Buffer.concat(chunks).toString('utf8')
  }
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new BodyError(400, `The request body is not JSON: ${error instanceof Error ? error.message : String(error)}`)
  }
}
