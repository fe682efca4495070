/**
 * Ids and times in the formats an AgentScope Java server writes them (protocol §2): 32-hex event ids,
 * dashed UUIDs for framework messages, `chatcmpl-…` and `call_…` ids from an OpenAI-style provider,
 * `Instant.toString()` for `createdAt` and `Msg.TIMESTAMP_FORMATTER` for `Msg.timestamp`.
 */
import { randomInteger, type Random } from './seeded-random'

/** Id factories for one session; seeded, so a fixed seed gives the same ids in the same order. */
export interface WireIds {
  /** `UUID.randomUUID()` without dashes: event ids, replyIds and data block ids. */
  hex(): string
  /** A UUID with dashes, as `Msg.Builder` mints for messages the framework builds. */
  uuid(): string
  /** An OpenAI response id, the id of a message built from a model stream. */
  chatCompletionId(): string
  /** An OpenAI tool call id. */
  toolCallId(): string
  /** A harness subagent id (`HarnessGateway`). */
  subagentId(): string
}

const HEX = '0123456789abcdef'
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Creates the id factories over a random source. */
export function createWireIds(random: Random): WireIds {
  const characters = (alphabet: string, length: number) => {
    let result = ''
    for (let index = 0; index < length; index += 1) result += alphabet[randomInteger(random, alphabet.length)]
    return result
  }
  const uuidHex = () => {
    const digits = characters(HEX, 32).split('')
    digits[12] = '4'
    digits[16] = HEX[8 + randomInteger(random, 4)] ?? '8'
    return digits.join('')
  }
  return {
    hex: uuidHex,
    uuid() {
      const hex = uuidHex()
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    },
    chatCompletionId: () => `chatcmpl-${characters(ALPHANUMERIC, 29)}`,
    toolCallId: () => `call_${characters(ALPHANUMERIC, 24)}`,
    subagentId: () => `sub-${characters(HEX, 8)}`,
  }
}

// process.hrtime has nanosecond resolution but no epoch, so it is anchored to Date.now() once.
const EPOCH_NANOS_AT_START = BigInt(Date.now()) * 1_000_000n
const HRTIME_AT_START = process.hrtime.bigint()

function epochNanosNow(): bigint {
  return EPOCH_NANOS_AT_START + (process.hrtime.bigint() - HRTIME_AT_START)
}

/** The current time as Java's `Instant.now().toString()`: UTC, `Z`, and 0, 3, 6 or 9 fractional digits. */
export function instantNow(): string {
  const epochNanos = epochNanosNow()
  const seconds = epochNanos / 1_000_000_000n
  const nanos = Number(epochNanos % 1_000_000_000n)
  const whole = new Date(Number(seconds) * 1000).toISOString().slice(0, 19)
  return `${whole}${instantFraction(nanos)}Z`
}

function instantFraction(nanos: number): string {
  // Instant.toString drops trailing groups of three zeros
  if (nanos === 0) return ''
  const digits = String(nanos).padStart(9, '0')
  if (nanos % 1_000_000 === 0) return `.${digits.slice(0, 3)}`
  if (nanos % 1000 === 0) return `.${digits.slice(0, 6)}`
  return `.${digits}`
}

/** A `Msg.timestamp`: `yyyy-MM-dd HH:mm:ss.SSS` in the server's local zone, with no offset. */
export function messageTimestamp(date: Date = new Date(Number(epochNanosNow() / 1_000_000n))): string {
  const pad = (value: number, length = 2) => String(value).padStart(length, '0')
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
  )
}
