import { describe, expect, it } from 'vitest'
import { lossyNumbers } from '../../src/components/lossy-numbers'

describe('lossyNumbers', () => {
  it("finds the numbers JavaScript can't keep as written, and only those", () => {
    const json = JSON.stringify({ safe: 9007199254740991, exactPowerOfTwo: 2 ** 60, fraction: 0.1, money: 19.99, negative: -0 }).replace(
      '}',
      ',"big":12345678901234567890123,"next":9007199254740993,"huge":1e400,"tiny":1e-400,"long":3.14159265358979323846,"in a string":"12345678901234567890123 1e400"}',
    )
    expect(lossyNumbers(json)).toEqual(['12345678901234567890123', '9007199254740993', '1e400', '1e-400', '3.14159265358979323846'])
    expect(lossyNumbers('{"a":"escaped \\" 1e400","b":[1,2.5e3,-7]}')).toEqual([])
  })

  it('reads a long text in one pass', () => {
    const text = `[${Array.from({ length: 50_000 }, (_, index) => index).join(',')}]`
    expect(lossyNumbers(text)).toEqual([])
  })
})
