/**
 * Policies a consumer lawyer would sign (issue 18): what a visitor reads on the built pages.
 * Sentences are taken from the bundled dataset (figures and facts printed as the site prints
 * them) wherever they can be, and the key phrases are asserted as well, so that a rewording that
 * drops a promise fails here even if the dataset and the page still agree.
 */
import {describe, expect, inject} from 'vitest'
import type {Page} from 'playwright-core'
import {factText, type CompanyFactKey} from '../../../model/companyFacts'
import {formatFigure, type PolicyFigureKey} from '../../../model/policyFigures'
import {DESKTOP} from '../../support/browser'
import {it} from '../../support/browserTest'
import {
  POLICY_ROUTES,
  aboutPage,
  companyFacts,
  homePage,
  hydrateMobileMenu,
  policyFigures,
  settings,
  versionInForce,
  withPage,
} from '../../support/site'

const base = inject('siteUrl')

const figure = (key: PolicyFigureKey) => formatFigure(key, policyFigures[key])
const fact = (key: CompanyFactKey) => factText(companyFacts as never, key)
const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

type Block = {_type: string; children?: {_type: string; text?: string; figure?: string; fact?: string}[]}

/** A block's words as the site prints them: figures and facts filled in. */
function plain(block: Block): string {
  return squash(
    (block.children ?? [])
      .map((child) =>
        child._type === 'figureRef'
          ? figure(child.figure as PolicyFigureKey)
          : child._type === 'factRef'
            ? fact(child.fact as CompanyFactKey)
            : (child.text ?? ''),
      )
      .join(''),
  )
}

/** The text of the block of the version in force that contains `phrase`, as printed. */
function sentenceOf(key: keyof typeof POLICY_ROUTES, phrase: string): string {
  const version = versionInForce(key)
  const blocks: Block[] = [
    ...(version.intro ?? []),
    ...version.sections.flatMap((s: {body: Block[]}) => s.body),
  ]
  const found = blocks.map(plain).filter((text) => text.includes(phrase))
  expect(found, `${key}: one block with "${phrase}"`).toHaveLength(1)
  return found[0]!
}

const text: Record<string, string> = {}

async function mainText(page: Page, path: string) {
  await page.goto(base + path)
  return squash(await page.getByRole('main').innerText())
}

it.beforeAll(async ({browser}) => {
  await withPage(browser, DESKTOP, async (page) => {
    for (const key of ['privacy', 'terms', 'refund'] as const)
      text[key] = await mainText(page, POLICY_ROUTES[key].path)
    text.home = await mainText(page, '/')
    text.about = await mainText(page, '/about-us')
  })
})

/** The one jurisdiction sentence every policy that names the courts uses. */
const JURISDICTION =
  /Our terms and policies, and any dispute about them or about our services, are governed by [^.]*?allows\./g

describe('the Refund and Cancellation Policy', () => {
  it('makes cancelling before the service starts a right, for the processing fee, with no sentence that lets us refuse it', () => {
    const page = text.refund
    expect(page).toContain(sentenceOf('refund', 'cancelling is your right'))
    expect(page).toContain(
      'Before the service starts, cancelling is your right: you may always cancel, and we do not refuse a cancellation.',
    )
    expect(page).toContain(
      `before the service starts, you may cancel for a processing fee of ${figure('cancellationFeePercent')} of the service fee`,
    )
    expect(page).toContain(
      'You may cancel an engagement at any time before its service starts, without our agreement',
    )
    // The spec's "no cancelling once payment is made", reconciled: not free of charge; once started,
    // the parts not yet started can still be cancelled (a package's hotel nights, its later appointments).
    // "Not free of charge" names its exceptions: a change we cannot make, and our cancelling.
    expect(page).toContain(
      'Once payment for an engagement has been made, you cannot cancel it free of charge, except as set out under "Changing Your Service" and "If we cancel". Before the service starts, cancelling is your right',
    )
    expect(text.terms).toContain(
      'Once payment is made, a booking cannot be cancelled free of charge, except as set out below: when we cannot make a change you ask for within the change window, and when we cancel it.',
    )
    expect(page).toContain(
      'Once the service has started, you may still cancel the parts of it that have not started.',
    )
    expect(page).toContain(
      'After that, you may still cancel any part of your engagement that has not started, such as hotel nights or appointments still to come',
    )
    expect(text.terms).toContain(
      'Once the service has started, you may still cancel the parts of it that have not started, such as hotel nights or appointments still to come',
    )
    for (const key of ['refund', 'terms'])
      expect(text[key], key).not.toMatch(/cannot (cancel it|be cancelled) at all/)
    for (const old of [
      'We consider every request',
      'Where we accept a cancellation',
      'you cannot cancel it as of right',
      'ask us to accept a cancellation',
      'It covers the work already done',
    ])
      expect(page, old).not.toContain(old)
    expect(page).toContain(
      `A service change is allowed up to ${figure('serviceChangeWindowHours')} after purchase or before work on your engagement begins, whichever is earlier.`,
    )
  })

  it('states refund timing as a latest day only, with no waiting period and no verification when a customer cancels or we do', () => {
    const page = text.refund
    const rule = sentenceOf('refund', 'Every refund reaches you by the latest day below')
    expect(rule).toContain(
      `Every refund reaches you by the latest day below, and usually within ${figure('refundUsualBusinessDays')}.`,
    )
    expect(rule).toContain('never a waiting period')
    expect(rule).toContain('This is our own commitment')
    expect(page).toContain(rule)
    expect(page).toContain(
      `when you cancel before the service starts, cancel a part that has not started, or we cancel, or a change you asked for costs less: within ${figure('refundProcessingWeeks')} of the cancellation or the change, with no verification;`,
    )
    expect(page).toContain('There is no verification step: your cancellation is all we need.')
    expect(text.terms).toContain(
      `Every refund of a cancellation, yours or ours, reaches you within ${figure('refundProcessingWeeks')} of it, with no verification step.`,
    )
    // No page states a minimum: no floor, no earliest day.
    for (const key of ['privacy', 'terms', 'refund'])
      expect(text[key], key).not.toMatch(
        /no sooner than|not sooner than|at the earliest|at least \d+ business days/i,
      )
    expect(page).not.toMatch(/Banks and payment providers need/)
    expect(page).not.toMatch(/which is why a refund never arrives sooner/)
  })

  it('keeps the request window and says that rights under consumer law are not affected', () => {
    const page = text.refund
    expect(page).toContain(
      `Refund requests must be made within ${figure('refundRequestWindowDays')} of payment, or within ${figure('refundRequestWindowDays')} of the completion notice`,
    )
    expect(page).toContain(sentenceOf('refund', 'your rights under consumer law are not affected'))
    expect(page).toContain(
      'It does not limit any right or remedy you have under the Consumer Protection Act, 2019',
    )
    expect(page).not.toContain('We cannot accept requests made after this period')
  })

  it('promises a tax invoice showing the GSTIN given at payment, an e-invoice only where the law requires one, and no practice dressed as law', () => {
    const page = text.refund
    expect(page).toContain('For every payment we issue a tax invoice that shows the GST separately.')
    // The spec's "A GST e-invoice/input credit needs the GSTIN given at payment", as our practice.
    const practice =
      'For a GST e-invoice or input tax credit, give your GSTIN when you pay: we then show your GSTIN on the tax invoice, so that your business can claim input tax credit, and issue it as an e-invoice where the law requires one.'
    expect(sentenceOf('refund', 'give your GSTIN when you pay')).toContain(practice)
    expect(sentenceOf('terms', 'give your GSTIN when you pay')).toContain(practice)
    for (const key of ['refund', 'terms']) {
      expect(text[key], key).toContain(practice)
      expect(text[key], key).not.toContain('needs your GSTIN')
    }
    expect(page).not.toContain('It cannot be added afterwards')
    expect(text.terms).not.toContain('We cannot add a GSTIN to an invoice')
  })

  it("keeps a third-party charge only when the provider has it and does not return it, and limits what is not refunded to the bank's own charges", () => {
    const page = text.refund
    expect(page).toContain(
      "We keep a third-party charge that you paid to us only if we have already paid it to the provider, the provider does not return it, and the provider's rules saying so were shown to you before you paid; otherwise we refund it in full with the rest of your refund.",
    )
    expect(page).not.toContain('non-refundable when you cancel')
    expect(page).toContain(
      'We cannot refund charges that your own bank or card issuer applies to your payment, such as currency conversion or international transaction fees, except that we make up such a difference where we cancelled or the refund follows a failure on our part (see "Refund Timelines").',
    )
    expect(page).not.toContain('Payment gateway charges')
    expect(page).toContain(
      'When you cancel, we keep the processing fee and the GST on it; you pay nothing more.',
    )
    expect(page).not.toContain('retained along with it')
    expect(page).toContain('where we find evidence of fraud')
    expect(page).not.toContain('evidence of misuse')
  })

  it('lets a customer cancel without the processing fee when we cannot make a change asked for within the change window', () => {
    expect(text.refund).toContain(
      'If we cannot make a change that you ask for within the change window, you may cancel without the processing fee.',
    )
    expect(text.refund).toContain(
      'except that there is none if we could not make a change you asked for within the change window',
    )
    expect(text.terms).toContain(
      'If we cannot make a change you ask for within that window, you may cancel without the processing fee.',
    )
  })

  it('acknowledges a refund request within the grievance acknowledgement time, and redresses a complaint within a month, any refund included', () => {
    expect(text.refund).toContain(
      `We will confirm that we have received your request within ${figure('grievanceAcknowledgementHours')} of receipt`,
    )
    const redress = `Every complaint is acknowledged within ${figure('grievanceAcknowledgementHours')} of receipt and redressed within ${figure('grievanceResolutionMonths')} of receipt: within that time we tell you what we will do about it, and do it, including paying any refund that follows from it.`
    for (const key of ['privacy', 'terms', 'refund']) {
      expect(text[key], key).toContain(redress)
      expect(text[key], key).not.toContain('our decision on it')
    }
    // A refund request, a review, a second look: each is a complaint, answered and paid within the month.
    expect(text.refund).toContain(
      `when you ask for a refund or a "Not Satisfied" review, ask for a decision to be looked at again, or complain: within ${figure('grievanceResolutionMonths')} of the day our customer care team or our Grievance Officer first received it;`,
    )
    expect(text.refund).toContain('asking does not restart any time in this policy')
    expect(text.terms).toContain(
      `is answered, and paid, within ${figure('grievanceResolutionMonths')} of the day we receive the request.`,
    )
    expect(text.terms).toContain('A complaint counts from the day customer care first receives it')
  })

  it('says who receives money paid for providers, and refunds what we collected on our own clock', () => {
    const page = text.refund
    expect(page).toContain('Your receipt and invoice name who receives each payment')
    expect(page).toContain(sentenceOf('refund', 'whether or not the provider has returned it to us'))
    expect(page).toContain(
      'on the timelines in "Refund Timelines", whether or not the provider has returned it to us',
    )
    expect(page).not.toContain('once the provider has returned it to us')
  })

  it('describes "Not Satisfied" as the review it is, asked for by writing to customer care, not as a button in an app', () => {
    const page = text.refund
    expect(page).toContain(
      '"Not Satisfied" is our review of an engagement that did not meet your expectations.',
    )
    expect(page).toContain(`To ask for it, write to ${fact('customerCareEmail')}`)
    for (const old of [
      '"Not Satisfied" in the app',
      'Sign in to the app',
      'Choose the refund option',
      'or use the app',
    ])
      expect(page, old).not.toContain(old)
  })

  it('treats a paid booking we do not confirm in time as cancelled by us, and makes up exchange losses when we are at fault', () => {
    const within = fact('bookingConfirmationWithin')
    expect(text.refund).toContain(
      `A booking you have paid for that we do not confirm within ${within} of your payment is treated as cancelled by us at the end of that time, and all of this applies to it.`,
    )
    expect(text.terms).toContain(
      `If we do not confirm your booking within ${within} of your payment, it is treated as cancelled by us at the end of that time`,
    )
    expect(text.refund).toContain(
      'we do not make up these differences, except where we cancelled, or the refund follows a failure on our part: then we make up any difference you show us',
    )
  })
})

describe('the Terms and Conditions', () => {
  it('exclude no loss caused by our own negligence, and cap none', () => {
    const page = text.terms
    expect(page).toContain(
      'We are responsible for loss caused by our own negligence or by our breach of these terms, and nothing in these terms excludes or limits that responsibility.',
    )
    expect(page).toContain(
      'except where our own negligence or our breach of these terms caused or contributed to the loss',
    )
    expect(page).not.toContain('indirect or consequential losses')
    expect(page).not.toContain('our total liability')
  })

  it('use the same jurisdiction wording as every other policy that names the courts: the laws of India, courts at Hyderabad, a Consumer Commission kept', () => {
    const terms = text.terms.match(JURISDICTION) ?? []
    const refund = text.refund.match(JURISDICTION) ?? []
    expect(terms).toHaveLength(1)
    expect(refund).toEqual(terms)
    const sentence = sentenceOf('terms', 'Our terms and policies, and any dispute')
    expect(terms[0]).toBe(sentence)
    expect(sentence).toContain(`the laws of India, as they apply in ${figure('governingLaw')}`)
    expect(sentence).toContain(`the courts at ${figure('jurisdictionCity')} have jurisdiction`)
    expect(sentence).toContain('subject to your right to file a complaint before a Consumer Commission')
    // A policy that names courts names them only in that sentence.
    for (const key of ['privacy', 'terms', 'refund'])
      expect(text[key]!.split(`courts at ${figure('jurisdictionCity')}`).length - 1, key).toBe(
        (text[key]!.match(JURISDICTION) ?? []).length,
      )
    expect(text.terms).not.toContain('exclusive jurisdiction')
  })

  it('summarise the refund request window as the Refund policy states it: whichever is later', () => {
    const days = figure('refundRequestWindowDays')
    expect(text.terms).toContain(
      `You can ask for a refund within ${days} of payment, or within ${days} of the completion notice, whichever is later;`,
    )
    expect(text.refund).toContain(
      `Refund requests must be made within ${days} of payment, or within ${days} of the completion notice for your engagement, whichever is later.`,
    )
  })

  it('ask an adult, or their lawful representative, before using health information someone else gave about them', () => {
    const rule =
      'Before we use health information about an adult that you give us, we ask that adult, or their lawful representative, to confirm directly.'
    expect(sentenceOf('terms', 'you accept these terms on their behalf')).toContain(rule)
    expect(text.terms).toContain(rule)
    expect(text.privacy).toContain(
      'Before we use health information about an adult that someone else gives us, we ask that adult, or their lawful representative, to confirm directly.',
    )
  })

  it('say that Embassy Hotels are independent hotels with no tie to any embassy', () => {
    expect(text.terms).toContain(
      'The hotels we list under "Embassy Hotels" are independent hotels near embassies, consulates and hospitals.',
    )
    expect(text.terms).toContain('none of them is run by, or has any tie to, an embassy or consulate')
    expect(text.terms).not.toMatch(/our embassy hotels/i)
  })
})

describe('changes announced ahead', () => {
  it.for(['terms', 'privacy'] as const)(
    'the %s say changes are announced at least the notice period ahead, with the exceptions, and link to the history',
    async (key, {desktopPage: tab}) => {
      const page = text[key]!
      expect(page).toContain(
        `Changes are announced at least ${figure('policyChangeNoticeDays')} before they apply`,
      )
      expect(page).toContain('A change that takes away no right and adds no purpose')
      expect(page).toContain('or a change the law requires from an earlier date, may apply sooner')
      expect(page).toContain(
        'Every version, the day it was announced and the day it applied from are listed on the',
      )
      await tab.goto(base + POLICY_ROUTES[key].path)
      const link = tab
        .getByRole('main')
        .getByRole('link', {name: /^version history of (these terms|this policy)$/})
      const href = await link.getAttribute('href')
      const response = await tab.goto(new URL(href!, base).href)
      expect(response?.status()).toBe(200)
    },
  )
})

describe('the Privacy Policy', () => {
  it('names the three boxes of the contact form, split where the work splits, and what is recorded for each', () => {
    const page = text.privacy
    expect(page).toContain('The form has three boxes')
    expect(page).toContain(
      'Required: you agree to the notice beside the form: we keep your message, including any health details you write in it, with the providers and in the countries named below, and our staff read it to reply to you, for the period in "How Long We Keep Data".',
    )
    expect(page).toContain(
      `Required: you confirm that you are ${figure('minorAge')} or over, or the parent or lawful guardian of the person the message is about.`,
    )
    expect(page).toContain(
      'Optional, and separate: you allow us to use the health details in your message to arrange your care with the doctors and hospitals you choose, and to share them with those doctors and hospitals for it.',
    )
    expect(page).toContain(
      'With your message we record the exact wording of each box on our website when your message arrived, whether you ticked the optional one, the time, the language of the page and the version of this Privacy Policy then in force.',
    )
  })

  it('promises what happens to health details without the box, and for a message about someone else or a child', () => {
    const page = text.privacy
    expect(page).toContain(
      'Under the first box, our staff read your message, including any health details in it, and reply to you; we use it for nothing else.',
    )
    expect(page).toContain(
      'Arranging your care with those details, and sharing them with a doctor or hospital for it, needs the optional box: without it, we reply to you and ask you before doing either. Hotels never receive health details from a contact message.',
    )
    // The age box is the sender's word: verification comes before any use, and an unverified child's data goes.
    const deletion = fact('unverifiedChildDataDeletion')
    expect(page).toContain(
      "That box is the sender's own statement, not a check: the message is stored when it is sent.",
    )
    expect(page).toContain(
      `If that consent is not verified, we delete the message, and every copy we control, within ${deletion} of receipt.`,
    )
    expect(page).not.toContain('Before we process the data, we check')
    // Health information: written consent, the required box for keeping and reading, the optional box for care.
    expect(page).toContain('we collect and use it only with your consent given in writing')
    expect(page).toContain(
      'the required first box is your consent to our keeping any health details you write in your message and reading them to reply to you',
    )
    expect(page).not.toContain('reply without using them')
    expect(page).toContain(
      "we do not rest an adult's health data on your word: before we use it for anything but a reply to you, we ask that person, or their lawful representative, to confirm directly.",
    )
  })

  it('says where a message goes from the Data processors table, with countries, and the acknowledgement', () => {
    const page = text.privacy
    expect(page).toContain(
      `${fact('legalName')} collects and keeps it, and it is kept and sent only by these providers, in these countries: ${fact('messageProcessors')}.`,
    )
    expect(fact('messageProcessors')).toMatch(
      /, in India, which keeps contact-form messages in our message store/,
    )
    expect(page).toContain(`Our Data Processors, for this website: ${fact('dataProcessors')}.`)
    expect(page).not.toMatch(/if we keep messages there|may be outside India \(see/)
    expect(page).toContain('Once your message is stored, the page shows its reference.')
    // The sender of the acknowledgement is named from the table; no build condition shows through.
    expect(page).toContain(
      `If you give an e-mail address, ${fact('emailProcessors')}, normally sends you an automatic acknowledgement with that reference; it repeats nothing you wrote. If none arrives, your message has still reached us.`,
    )
    expect(page).not.toContain('the list above names a provider')
  })

  it('says what the logs hold and who keeps them, 180 days now and a year once the DPDP Rules require it', () => {
    const page = text.privacy
    expect(page).toContain(
      `The reverse proxy in front of our website, and our hosting provider, log the requests your browser makes (your IP address, the time, the address requested and your browser type). These logs are kept by ${fact('requestLogProcessors')}.`,
    )
    expect(page).toContain(
      'so until 12 May 2027 they are kept for a rolling 180 days; from 13 May 2027, when rule 8(3) of the DPDP Rules requires one year, for a rolling year.',
    )
    expect(page).toContain('CERT-In Directions of 2022')
    expect(page).toContain(
      "The website's own program writes no log of requests; the request logs below are kept in front of it.",
    )
    expect(page).toContain(
      "When you send the form, our server uses your device's IP address briefly, in memory, to limit repeated messages from the same connection. We do not store it with your message.",
    )
  })

  it('covers every copy in its retention, with the history period, and names where to go next today and from May 2027', () => {
    const page = text.privacy
    const months = figure('contactMessageRetentionMonths')
    expect(page).toContain(`deleted from our message store ${months} after we receive them`)
    expect(page).toContain(
      `their copies in our mailboxes, including replies that quote them, within the same ${months}`,
    )
    expect(page).toContain(
      `Their ${fact('deletedMessageCopies')} are gone at the latest ${fact('lastCopyGoneWithin')} after that.`,
    )
    // The policy's text (its change summary above it may say what was corrected).
    const policyText = page.slice(page.indexOf('Personal Data We Collect We collect'))
    expect(policyText).toContain('Their backup copies')
    expect(policyText).not.toContain('document history')
    expect(page).toContain(
      'up to ₹5 crore before the adjudicating officer appointed under section 46 of that Act',
    )
    expect(page).toContain(
      `from 13 May 2027, when the duties and the complaint process of the DPDP law start, you may complain through the Data Protection Board of India's online complaint process, at ${fact('dataProtectionBoardUrl')}.`,
    )
    // Withdrawal has an end, like every other request.
    expect(page).toContain(
      `stop processing your data for that purpose within a reasonable time, and at the latest within ${figure('grievanceResolutionMonths')} of receiving your withdrawal.`,
    )
    // The payment processors are named with their countries, like the website's, with no "may".
    expect(page).toContain(
      `Payments for our app and services are taken, and refunds sent, by our payment processors: ${fact('paymentProcessors')};`,
    )
    expect(page).not.toContain('may process payment data outside India')
    expect(page).toContain('section 16 of the Digital Personal Data Protection Act, 2023')
  })

  it("names only this website's own security practices", () => {
    const page = text.privacy
    expect(page).toContain(
      'the contact form accepts messages only from our own pages, and limits how many messages one IP address can send;',
    )
    expect(page).toContain(
      'a message kept in the database on our own server is in a file that only the website\'s server can read, and a deleted message is overwritten in it (for its backups, see "How Long We Keep Data");',
    )
  })

  it('lets someone who gave only a phone number withdraw consent by quoting the message reference, by e-mail or by phone', () => {
    expect(text.privacy).toContain(
      `from the e-mail address you use with us, or quote your message reference, by e-mail or by phone on ${fact('customerCarePhone')}, saying which consent you are withdrawing`,
    )
    expect(text.privacy).toContain('and any booking reference or message reference;')
  })

  it('makes no claim about what the app does with cookies', () => {
    expect(text.privacy).not.toContain('we do not use them for advertising')
    expect(text.privacy).toContain(
      'what this section says about cookies and tracking covers this website only',
    )
  })
})

describe('only what is true, on the home and About pages', () => {
  const UNTRUE = [
    'Already booked',
    'see your bookings',
    'existing users can sign in',
    'GST-compliant',
    'kept together in your account',
    'Many of the clinics we work with',
  ]

  it('the home page makes none of the old claims, and says plainly that Embassy Hotels are independent', () => {
    for (const phrase of UNTRUE) expect(text.home, phrase).not.toContain(phrase)
    expect(text.home).not.toMatch(/our embassy hotels/i)
    const cities = homePage.sections.find((section: {sectionId: string}) => section.sectionId === 'cities')
    expect(cities.body).toContain(
      'Embassy Hotels are independent hotels near embassies, consulates and major hospitals',
    )
    expect(cities.body).toContain('None of them is run by, or has any tie to, an embassy or consulate.')
    expect(text.home).toContain(squash(cities.body))
  })

  it('the home page says the clinic software and a suitable doctor are coming, not already here', () => {
    expect(text.home).toContain(
      'Coming soon: our clinic-management software will bring appointments, patient records, treatment plans, billing and reminders into one place',
    )
    expect(text.home).toContain('with online booking for patients to come')
    expect(text.home).toContain('A suitable doctor, booked before you land')
    expect(text.home).not.toContain('Our clinic-management software brings')
    expect(text.home).not.toMatch(/the right doctor/i)
  })

  it('the About page makes none of the old claims either, and describes its services as coming', () => {
    for (const phrase of UNTRUE) expect(text.about, phrase).not.toContain(phrase)
    for (const coming of [
      'We will check availability and book consultations',
      'A coordinator will keep track of your plan',
      'we will suggest suitable specialists and hospitals',
      'We will bring healthcare and accommodation together in one plan.',
      'It will cover:',
      'Each charge shown before you pay.',
      'Before you pay, you will see our fee, the GST on it',
    ])
      expect(text.about, coming).toContain(coming)
    for (const old of [
      'We check availability',
      'A coordinator keeps track',
      'Transparent pricing',
      'It covers:',
      'the right doctor',
    ])
      expect(text.about, old).not.toContain(old)
    expect(text.about).not.toMatch(/our embassy hotels/i)
    expect(text.about).toContain('none of them is run by, or has any tie to, an embassy or consulate')
    expect(text.about).toContain('Records (coming soon).')
    expect(JSON.stringify(aboutPage)).not.toContain('existing users')
  })

  it("Book Appointment and the footer's Book Appointments agree: online booking is not open, both open the contact form for an appointment request", async ({
    phonePage: page,
  }) => {
    expect(text.home).toContain(
      'Online booking is coming soon: until then, appointments are requested through our contact form.',
    )
    expect(text.home).toContain(
      'Online booking is not open yet: for now, appointments are requested through our contact form',
    )
    await page.goto(base + '/')
    const footer = page.getByRole('contentinfo')
    const footerBook = footer.getByRole('link', {name: 'Book Appointments', exact: true})
    await expect(footerBook.textContent()).resolves.not.toContain(settings.comingSoonLabel)
    await hydrateMobileMenu(page)
    await page.getByRole('banner').getByRole('button', {name: settings.interfaceText.menu}).click()
    const book = page
      .getByRole('banner')
      .getByRole('link', {name: settings.bookAppointment.label, exact: true})
    const href = await book.getAttribute('href')
    expect(href).toMatch(/^\/contact-us\b/)
    await expect(footerBook.getAttribute('href')).resolves.toBe(href)
    expect(new URL(href!, base).searchParams.get('subject')).toBe(settings.bookAppointment.subject)
  })
})

describe('acceptance and subscriptions', () => {
  it('binds no one by browsing: the terms are accepted when an account is created or a booking confirmed', () => {
    expect(text.terms).toContain(
      'You accept these terms when you create an account in our app or confirm a booking, by agreeing to them at that step.',
    )
    expect(text.terms).not.toContain('By using our website')
    expect(text.terms).not.toContain('If you continue to use our services after a change takes effect')
  })

  it('says when a clinic subscription renews, in both texts that describe it', () => {
    const rule =
      'A subscription renews at the end of a period only if the clinic chose renewal when it subscribed; otherwise it ends with the period.'
    for (const key of ['terms', 'refund']) {
      expect(text[key], key).toContain(rule)
      expect(text[key], key).not.toContain('Whether a subscription renews is shown')
    }
  })
})
