/** Small real PNG images, encoded here (no binary files in the repo), for the image scenarios. */
import { deflateSync } from 'node:zlib'

type Pixel = readonly [red: number, green: number, blue: number]

/** Encodes an RGB image as PNG and returns its base64. */
export function encodePng(width: number, height: number, pixelAt: (x: number, y: number) => Pixel): string {
  const rows = Buffer.alloc((width * 3 + 1) * height)
  let offset = 0
  for (let y = 0; y < height; y += 1) {
    rows[offset++] = 0 // filter: none
    for (let x = 0; x < width; x += 1) {
      const [red, green, blue] = pixelAt(x, y)
      rows[offset++] = red
      rows[offset++] = green
      rows[offset++] = blue
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, deflate, no filter method, no interlace
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
  return png.toString('base64')
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const checksum = Buffer.alloc(4)
  checksum.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, checksum])
}

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1
  return value >>> 0
})

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

/** A 32×32 app icon: a rounded violet tile with a white spark, as a model might draw it. */
export const GENERATED_ICON_PNG = encodePng(32, 32, (x, y) => {
  const corner = Math.max(Math.abs(x - 15.5) - 11, 0) ** 2 + Math.max(Math.abs(y - 15.5) - 11, 0) ** 2
  if (corner > 16) return [255, 255, 255]
  const spark = Math.abs(x - 15.5) * Math.abs(y - 15.5) < 6 && Math.abs(x - 15.5) + Math.abs(y - 15.5) < 12
  if (spark) return [255, 255, 255]
  return [108 + x * 2, 72 + y, 220]
})

/** A 48×32 bar chart of four quarters, Q4 the tallest. */
export const REVENUE_CHART_PNG = encodePng(48, 32, (x, y) => {
  const heights = [12, 17, 21, 28]
  const bar = Math.floor((x - 4) / 11)
  const inBar = x >= 4 && (x - 4) % 11 < 8 && bar >= 0 && bar < heights.length
  if (inBar && 31 - y < (heights[bar] ?? 0)) return bar === 3 ? [46, 125, 50] : [100, 149, 237]
  return y === 31 ? [90, 90, 90] : [250, 250, 250]
})

/** A 4×4 thumbnail, for the legacy scenario. */
export const THUMBNAIL_PNG = encodePng(4, 4, (x, y) => [x * 60, y * 60, 200])

/** The thumbnail's top-left 2×2 crop. */
export const CROPPED_PNG = encodePng(2, 2, (x, y) => [x * 60, y * 60, 200])

/** Cuts a base64 string at odd lengths, never aligned to 4 characters, as DATA_BLOCK_DELTAs arrive. */
export function cutAtOddLengths(base64: string, lengths: readonly number[] = [23, 17, 31, 29, 13, 37]): string[] {
  const pieces: string[] = []
  let offset = 0
  for (let index = 0; offset < base64.length; index += 1) {
    const length = lengths[index % lengths.length] ?? 23
    pieces.push(base64.slice(offset, offset + length))
    offset += length
  }
  return pieces
}
