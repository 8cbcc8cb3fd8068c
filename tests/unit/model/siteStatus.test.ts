import {describe, expect, it} from 'vitest'
import {
  ASK_DEVELOPERS,
  attemptInWords,
  documentOnSite,
  indiaTime,
  nextSwitchInWords,
  readSiteStatus,
  refusalInWords,
  translationsNotShown,
  unknownInWords,
  type SiteStatus,
} from '../../../model/siteStatus'
import {buildFailure} from '../../../src/server/rebuilder'
import {lastAttempt, LiveRevisions} from '../../../src/server/siteStatus'

/** 14:32 in India on 1 December 2026. */
const NOW = new Date('2026-12-01T09:02:00Z')

/** Astro's output when the Refund policy's fourth heading is published empty, as the rebuilder keeps it. */
const EMPTY_HEADING = buildFailure(
  [
    '23:27:41 [content] Syncing content',
    '[InvalidContentEntryDataError] policies → refundPolicy data does not match collection schema.',
    '',
    '  sections.3.heading: must not be empty',
    '',
    '  Hint:',
    '    See https://docs.astro.build/en/guides/content-collections/ for more information on content schemas.',
    '  Error reference:',
    '    https://docs.astro.build/en/reference/errors/invalid-content-entry-data-error/',
    '  Location:',
    '    /srv/site/node_modules/astro/dist/content/utils.js:160:26',
    '  Stack trace:',
    '    at getEntryData (file:///srv/site/node_modules/astro/dist/content/utils.js:160:26)',
  ].join('\n'),
)

describe("a refused build's reason, in staff's words", () => {
  it('names the document by its title and the section by its number from 1', () => {
    expect(refusalInWords(EMPTY_HEADING)).toBe(
      'Refund and Cancellation Policy, section 4: the heading is empty',
    )
  })

  it('finds paragraphs, translations and fields, and says what is wrong plainly', () => {
    const failure = [
      '[InvalidContentEntryDataError] translations → contactPage__i18n_hi data does not match collection schema.',
      '  reachUsHeading: Invalid input: expected string, received undefined',
      '[InvalidContentEntryDataError] policies → privacyPolicy data does not match collection schema.',
      '  sections.1.body.2.children.0.text: Too big: expected string to have <=300 characters',
      '  intro.0.style: Invalid input',
      '[InvalidContentEntryDataError] policies → termsAndConditions data does not match collection schema.',
      '  sections.2.heading**: **sections.2.heading: Expected type `"string"`, received `"object"`',
    ].join('\n')
    expect(refusalInWords(failure).split('\n')).toEqual([
      'Contact page (hi translation): the reach us heading is missing',
      'Privacy Policy, section 2, paragraph 3: the text is longer than 300 characters',
      'Privacy Policy, At a glance, paragraph 1: the style is not valid',
      'Terms and Conditions, section 3: the heading is missing',
    ])
  })

  it('keeps the words of the launch and notice checks, which already speak to staff', () => {
    const notice =
      'Notice check: a policy change must be announced at least the notice period (Policy figures) before it applies, unless it records why it may apply sooner:\n' +
      '  - Refund and Cancellation Policy, version 5: announced on 2026-12-01 and in force from 2026-12-02.'
    expect(refusalInWords(notice)).toBe(notice)
    // As the rebuilder keeps it from Astro's output: the build's progress first, then the reason.
    const output = buildFailure(
      [
        '00:02:27 [content] Syncing content',
        '00:02:27 [sanity-groq] Reading "siteSettings" from the bundled dataset (/srv/site/seed.ndjson)',
        notice,
        '  Location:',
        '    /srv/site/src/content/launchCheck.ts:356:22',
        '  Stack trace:',
        '    at Object.load (/srv/site/src/content/launchCheck.ts:356:22)',
      ].join('\n'),
    )
    expect(refusalInWords(output)).toBe(notice)
  })

  it('never shows a stack, a file or a bug: only that it is for the developers', () => {
    const failure = [
      'TypeError: Cannot read properties of undefined (reading "map")',
      '    at render (file:///srv/site/dist/server/chunks/page.mjs:12:9)',
    ].join('\n')
    expect(refusalInWords(failure)).toBe(ASK_DEVELOPERS)
    expect(
      refusalInWords('Could not read content from dataset "production" at https://x.api.sanity.io'),
    ).toMatch(/could not read the published content from Sanity/)
  })
})

const status = (changes: Partial<SiteStatus> = {}): SiteStatus => ({
  live: {since: '2026-12-01T09:02:00.000Z', startedAt: '2026-12-01T09:01:40.000Z'},
  lastAttempt: {state: 'live', at: '2026-12-01T09:02:00.000Z'},
  documents: [
    {id: 'refundPolicy', rev: 'rev-live', liveSince: '2026-12-01T09:02:00.000Z'},
    {
      id: 'contactPage__i18n_hi',
      rev: 'rev-hi',
      liveSince: '2026-11-30T04:00:00.000Z',
      translation: {language: 'hi', status: 'stale'},
    },
  ],
  nextSwitch: null,
  upcoming: [],
  emailsCustomerCare: true,
  ...changes,
})

describe("a document's state on the site", () => {
  const published = (rev: string, updatedAt = '2026-12-01T09:00:00.000Z') => ({
    _id: 'refundPolicy',
    _rev: rev,
    _updatedAt: updatedAt,
  })

  it('is live since the time, in India, the build with its revision went live', () => {
    expect(indiaTime('2026-12-01T09:02:00.000Z', NOW)).toBe('14:32 IST')
    expect(indiaTime('2026-11-30T04:00:00.000Z', NOW)).toBe('30 November 2026, 09:30 IST')
    expect(documentOnSite(status(), published('rev-live'), NOW)).toEqual({
      tone: 'live',
      label: 'Live since 14:32 IST',
      text: 'Live on the site since 14:32 IST.',
    })
  })

  it('waits for the site while a build runs, or before one starts', () => {
    const building = status({lastAttempt: {state: 'building', since: '2026-12-01T09:03:00.000Z'}})
    expect(documentOnSite(building, published('rev-new', '2026-12-01T09:02:50.000Z'), NOW)?.text).toBe(
      'Waiting for the site (building).',
    )
    expect(documentOnSite(status(), published('rev-new', '2026-12-01T09:05:00.000Z'), NOW)?.tone).toBe(
      'waiting',
    )
  })

  it('says the site did not take a change a build refused after the publish, with what to fix', () => {
    const refused = status({
      lastAttempt: {
        state: 'refused',
        at: '2026-12-01T09:04:00.000Z',
        startedAt: '2026-12-01T09:03:30.000Z',
        reason: 'Refund and Cancellation Policy, section 4: the heading is empty',
      },
    })
    const after = documentOnSite(refused, published('rev-new', '2026-12-01T09:03:00.000Z'), NOW)
    expect(after).toMatchObject({tone: 'refused', label: 'Not on the site'})
    expect(after?.text).toBe(
      'The site did not take this change: Refund and Cancellation Policy, section 4: the heading is empty. ' +
        'Fix it here and publish again; the live site still shows the previous version.',
    )
    // A publish after the refused build started is not what it refused.
    expect(documentOnSite(refused, published('rev-new', '2026-12-01T09:03:45.000Z'), NOW)?.tone).toBe(
      'waiting',
    )
  })

  it('says a policy change is announced, and when it becomes the text in force', () => {
    const announced = status({upcoming: [{policy: 'refundPolicy', number: 5, effectiveDate: '2026-12-31'}]})
    expect(documentOnSite(announced, published('rev-live'), NOW)?.text).toBe(
      'Live on the site since 14:32 IST: version 5 is announced and becomes the text in force on 31 December 2026; ' +
        'until then the page shows the version in force.',
    )
  })

  it('says a translation whose page shows English, and why', () => {
    const text = documentOnSite(status(), {_id: 'contactPage__i18n_hi', _rev: 'rev-hi'}, NOW)?.text
    expect(text).toMatch(
      /^Live on the site since 30 November 2026, 09:30 IST, but its page shows the English text/,
    )
    expect(text).toMatch(/stale/)
    expect(translationsNotShown(status())).toEqual([
      'Contact page (hi translation): of an older English text (stale): bring it up to date and mark it reviewed again.',
    ])
  })

  it('says what it cannot know, rather than guessing', () => {
    expect(unknownInWords({ok: false, why: 'static', origin: 'https://www.example.com'}).text).toMatch(
      /does not report what it shows \(a static host that builds from a hook\)/,
    )
    expect(unknownInWords({ok: false, why: 'unreachable', origin: 'http://localhost:4321'}).text).toMatch(
      /could not reach the site at http:\/\/localhost:4321/,
    )
  })
})

describe('the site-wide view', () => {
  it('gives the last build and the next scheduled switch', () => {
    expect(attemptInWords(status(), NOW)).toBe('The last build went live at 14:32 IST.')
    const scheduled = status({
      nextSwitch: {
        at: '2026-12-30T18:30:00.000Z',
        versions: [{policy: 'refundPolicy', number: 5, effectiveDate: '2026-12-31'}],
      },
    })
    expect(nextSwitchInWords(scheduled, NOW)).toBe(
      'Next scheduled switch: 31 December 2026, 00:00 IST, when Refund and Cancellation Policy, ' +
        'version 5 takes effect and the site rebuilds by itself.',
    )
    expect(nextSwitchInWords(status(), NOW)).toBe('No policy change is scheduled.')
  })
})

describe('what the server reports as live', () => {
  const content = (refundRev: string) => ({
    builtAt: '2026-12-01T08:00:00.000Z',
    documents: [
      {id: 'refundPolicy', rev: refundRev},
      {id: 'aboutPage', rev: 'about-1'},
    ],
  })
  const idle = {
    building: false,
    buildingSince: null,
    followUpQueued: false,
    liveBuild: '/srv/build',
    builds: 0,
    lastSuccess: null,
    lastFailure: null,
    lastPhases: null,
  }

  it('keeps the time each revision went live across rebuilds that did not change it', () => {
    const revisions = new LiveRevisions(content('refund-1'))
    revisions.wentLive(content('refund-2'), {
      at: new Date('2026-12-01T09:02:00Z'),
      startedAt: new Date('2026-12-01T09:01:40Z'),
    })
    const {documents, live} = revisions.status(idle, {versions: []}, null)
    expect(documents).toEqual([
      {id: 'refundPolicy', rev: 'refund-2', liveSince: '2026-12-01T09:02:00.000Z'},
      {id: 'aboutPage', rev: 'about-1', liveSince: '2026-12-01T08:00:00.000Z'},
    ])
    expect(live).toEqual({since: '2026-12-01T09:02:00.000Z', startedAt: '2026-12-01T09:01:40.000Z'})
  })

  it('reports the latest of a build under way, a success and a refusal, the refusal in staff words', () => {
    const success = {at: '2026-12-01T09:02:00.000Z', durationMs: 20_000, trigger: 't', build: '/b'}
    const failure = {at: '2026-12-01T09:10:00.000Z', durationMs: 30_000, trigger: 't', message: EMPTY_HEADING}
    expect(lastAttempt({...idle, lastSuccess: success}, 'x')).toEqual({state: 'live', at: success.at})
    expect(lastAttempt({...idle, lastSuccess: success, lastFailure: failure}, 'x')).toEqual({
      state: 'refused',
      at: failure.at,
      startedAt: '2026-12-01T09:09:30.000Z',
      reason: 'Refund and Cancellation Policy, section 4: the heading is empty',
    })
    expect(lastAttempt({...idle, building: true, buildingSince: '2026-12-01T09:11:00.000Z'}, 'x')).toEqual({
      state: 'building',
      since: '2026-12-01T09:11:00.000Z',
    })
    expect(lastAttempt(idle, '2026-12-01T08:00:00.000Z')).toEqual({
      state: 'live',
      at: '2026-12-01T08:00:00.000Z',
    })
  })
})

describe('reading the site status from Studio', () => {
  const ORIGIN = 'https://www.example.com'
  const answering = (response: Response | Error) =>
    (async () => {
      if (response instanceof Error) throw response
      return response
    }) as unknown as typeof fetch

  it('gives the status the site answers with', async () => {
    const answer = await readSiteStatus(ORIGIN, answering(Response.json(status())))
    expect(answer).toEqual({ok: true, status: status()})
  })

  it('tells a site that does not report its state (a static host) from one that does not answer', async () => {
    for (const response of [new Response('<h1>Not found</h1>', {status: 404}), new Response('<html></html>')])
      expect(await readSiteStatus(ORIGIN, answering(response))).toEqual({
        ok: false,
        why: 'static',
        origin: ORIGIN,
      })
    expect(await readSiteStatus(ORIGIN, answering(new TypeError('Failed to fetch')))).toEqual({
      ok: false,
      why: 'unreachable',
      origin: ORIGIN,
    })
  })
})
