import {describe, expect, it} from 'vitest'
import {factText} from '../../../model/companyFacts'
import {figureWordsIn} from '../../../model/policyFigures'
import {workingHoursProblem} from '../../../model/workingHours'
import {bundledDocuments, documentById} from '../../support/dataset'
import {realShapedCompanyFacts} from '../../support/companyFacts'

const documents = bundledDocuments()
const wordsIn = (language: string) => ({
  ...figureWordsIn(documentById(documents, `siteSettings__i18n_${language}`).figureWords).words,
  language,
})

describe("customer care's working hours, a Company fact", () => {
  const facts = realShapedCompanyFacts() as never as Parameters<typeof factText>[0]
  const hours = facts.customerCare!.hours!

  it('print in English with the days named and the times as entered', () => {
    expect(factText(facts, 'customerCareHours')).toBe(
      `Monday to Saturday, ${hours.opens}–${hours.closes} IST`,
    )
  })

  it("print on a Hindi or Telugu page in that language's words, the days named in it", () => {
    for (const [language, monday] of [
      ['hi', 'सोमवार'],
      ['te', 'సోమవారం'],
    ] as const) {
      const printed = factText(facts, 'customerCareHours', wordsIn(language))
      expect(printed, language).toContain(monday)
      expect(printed, language).toContain(hours.opens!)
      expect(printed, language).not.toMatch(/Monday|Saturday|to /)
    }
  })

  it('carry the sample mark of the page while they are the bundled sample', () => {
    const bundled = documentById(documents, 'companyFacts') as Parameters<typeof factText>[0]
    expect(bundled.customerCare!.hours!.sample).toBe(true)
    expect(factText(bundled, 'customerCareHours')).toMatch(/\(sample\)$/)
    expect(factText(bundled, 'customerCareHours', wordsIn('hi'))).toMatch(/\(नमूना\)$/)
  })

  it('are refused when a day or a time is missing, or the closing time is not after the opening', () => {
    expect(workingHoursProblem(hours)).toBeUndefined()
    expect(workingHoursProblem({...hours, toDay: undefined})).toMatch(/first and the last day/)
    expect(workingHoursProblem({...hours, opens: '9:30'})).toMatch(/24-hour/)
    expect(workingHoursProblem({...hours, opens: '18:00', closes: '10:00'})).toMatch(/after the opening/)
    expect(factText({customerCare: {hours: {...hours, opens: '25:00'}}}, 'customerCareHours')).toBe('')
  })
})
