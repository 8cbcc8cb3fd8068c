import {describe, expect, it} from 'vitest'
import {copyrightYears} from '../../../model/copyright'

describe('the years of the copyright line', () => {
  it('runs from the first year to the year of the build', () => {
    expect(copyrightYears(2025, new Date('2026-11-25T02:00:00Z'))).toBe('2025–2026')
  })

  it('is the one year while the site is built in its first year, or dated before it', () => {
    expect(copyrightYears(2025, new Date('2025-06-01T00:00:00Z'))).toBe('2025')
    expect(copyrightYears(2027, new Date('2026-06-01T00:00:00Z'))).toBe('2027')
  })

  it("takes the year in India: New Year's Eve evening in London is already the new year there", () => {
    expect(copyrightYears(2025, new Date('2025-12-31T19:00:00Z'))).toBe('2025–2026')
    expect(copyrightYears(2025, new Date('2025-12-31T18:00:00Z'))).toBe('2025')
  })
})
