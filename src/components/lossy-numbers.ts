// JavaScript numbers keep 15 significant digits exactly, and nothing past ±1.8e308.
const EXACT_DIGITS = 15
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/**
 * The numbers of a JSON text that the page can't keep as written (too many significant digits, or out of range):
 * an argument edited here and sent back would carry them changed (12345678901234567890123 → 1.2345678901234568e+22,
 * 1e400 → null). Linear in the text; strings are skipped.
 */
export function lossyNumbers(json: string): string[] {
  const found: string[] = []
  for (let index = 0; index < json.length; index++) {
    const code = json.charCodeAt(index)
    if (code === 0x22) {
      // past the string: an escaped character is skipped with its backslash
      for (index++; index < json.length && json.charCodeAt(index) !== 0x22; index++) if (json.charCodeAt(index) === 0x5c) index++
    } else if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
      NUMBER.lastIndex = index
      const token = NUMBER.exec(json)?.[0] ?? json[index] ?? ''
      if (isLossy(token)) found.push(token)
      index += token.length - 1
    }
  }
  return found
}

function isLossy(token: string): boolean {
  const value = Number(token)
  if (!Number.isFinite(value)) return true
  // an integer is kept when it is written back the same; a fraction or exponent by its significant digits (and
  // one that fell to 0 is not)
  if (/^-?\d+$/.test(token)) return String(value) !== token
  const digits = token
    .replace(/[eE].*$/, '')
    .replace(/[-.]/g, '')
    .replace(/^0+/, '')
    .replace(/0+$/, '')
  return digits.length > EXACT_DIGITS || (value === 0 && digits !== '')
}
