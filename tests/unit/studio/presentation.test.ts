import {BehaviorSubject, firstValueFrom, isObservable, type Observable} from 'rxjs'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {
  PAGE_KINDS,
  PAGE_PATHS,
  POLICY_PATHS,
  policyChangesPath,
  policyHistoryPath,
  policyVersionPath,
  sitePages,
} from '../../../model/routes'
import {LOCAL_SITE, PREVIEW_MODE, previewOrigin} from '../../../studio/presentation'
import {
  companyFactsLocations,
  fixedLocations,
  policyFiguresLocations,
  policyLocations,
  policyVersionLocations,
  QUOTING_DOCUMENT_IDS,
  type QuotingDocument,
} from '../../../studio/presentation/locations'
import {resolveLocations} from '../../../studio/presentation/resolveLocations'
import {POLICY_IDS, type PolicyId} from '../../../model/siteDocuments'
import {bundledDocuments, documentById} from '../../support/dataset'

// The action is React in a .tsx file the Studio compiles; loading the config needs only its name.
vi.mock('../../../studio/actions/PublishRecordingVersions', () => ({
  publishRecordingVersions: () => null,
  RecordVersionAction: () => null,
}))
vi.mock('../../../studio/actions/WithdrawAnnouncedChange', () => ({
  WithdrawAnnouncedChangeAction: Object.assign(() => null, {displayName: 'WithdrawAnnouncedChangeAction'}),
}))
vi.mock('../../../studio/actions/AddNoteOfCorrection', () => ({
  AddNoteOfCorrectionAction: Object.assign(() => null, {displayName: 'AddNoteOfCorrectionAction'}),
}))
vi.mock('../../../studio/actions/TranslationReview', () => ({
  MarkReviewedAction: () => null,
  TranslationReviewBadge: () => null,
  TranslationChangesInput: (props: {renderDefault: (props: object) => unknown}) => props.renderDefault(props),
}))
vi.mock('../../../studio/siteStatus/DocumentOnSite', () => ({
  siteStatusBadge: () => Object.assign(() => null, {displayName: 'SiteStatusBadge'}),
  siteStatusInput: () => (props: {renderDefault: (props: object) => unknown}) => props.renderDefault(props),
}))
vi.mock('../../../studio/siteStatus/SiteStatusTool', () => ({SiteStatusTool: () => null}))

const POLICIES = Object.values(POLICY_IDS) as PolicyId[]
/**
 * The English pages the route table lists that exist before any version is recorded (the home,
 * About and Contact pages, each policy, and any page kind added later), in the table's order.
 */
const MAIN_PAGES = sitePages({languages: [], versions: []})
  .filter(({target}) => PAGE_KINDS[target.page].listed)
  .map(({englishPath}) => englishPath)

/** The policies and the Contact page, as the bundled dataset has them. */
const quotingDocuments = () => {
  const dataset = bundledDocuments()
  return QUOTING_DOCUMENT_IDS.map((id) => documentById(dataset, id) as QuotingDocument)
}

/** Read straight from the JSON, not through the Studio's walker. */
const quotesFigure = (document: object) => JSON.stringify(document).includes('"_type":"figureRef"')
const quotesFact = (document: object) => /"_type":"(factRef|grievanceContact)"/.test(JSON.stringify(document))
const pageOf = (document: QuotingDocument) =>
  document._id === 'contactPage' ? PAGE_PATHS.contact : POLICY_PATHS[document._id as PolicyId]

/** A copy of a text with every inline reference of one type taken out, as if staff had deleted them. */
function without<T>(value: T, types: string[]): T {
  if (Array.isArray(value))
    return value.filter((item) => !types.includes(item?._type)).map((item) => without(item, types)) as T
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, without(item, types)])) as T
  return value
}

const hrefs = (state: {locations?: {href: string}[]} | null | undefined) =>
  (state?.locations ?? []).map(({href}) => href)

describe('where Policy figures are used', () => {
  it('lists exactly the pages whose text quotes a figure: the policies and the Contact page', () => {
    const documents = quotingDocuments()
    const expected = MAIN_PAGES.filter((path) =>
      documents.some((document) => pageOf(document) === path && quotesFigure(document)),
    )
    expect(expected).toContain(PAGE_PATHS.contact)
    expect(hrefs(policyFiguresLocations(documents))).toEqual(expected)
  })

  it('drops a policy once its text quotes no figure, and keeps the others', () => {
    const documents = quotingDocuments().map((document) =>
      document._id === 'termsAndConditions' ? without(document, ['figureRef']) : document,
    )
    const listed = hrefs(policyFiguresLocations(documents))
    expect(listed).not.toContain('/terms&conditions')
    expect(listed).toEqual([PAGE_PATHS.contact, '/privacy-policy', '/Refund&Cancellation-Policy'])
  })

  it('says how many figures each page quotes', () => {
    const [contact] = policyFiguresLocations(quotingDocuments()).locations!
    expect(contact).toEqual({title: 'Contact us: quotes 4 figures', href: '/contact-us'})
  })

  it('warns when no page quotes a figure', () => {
    const state = policyFiguresLocations(
      quotingDocuments().map((document) => without(document, ['figureRef'])),
    )
    expect(state).toMatchObject({locations: [], tone: 'caution'})
  })
})

describe('where Company facts are used', () => {
  it('lists first exactly the pages whose text quotes a fact, then the rest of the pages for the footer', () => {
    const documents = quotingDocuments().map((document) =>
      document._id === 'refundPolicy' ? without(document, ['factRef', 'grievanceContact']) : document,
    )
    const quoting = MAIN_PAGES.filter((path) =>
      documents.some((document) => pageOf(document) === path && quotesFact(document)),
    )
    const state = companyFactsLocations(documents)
    const titled = (suffix: RegExp) =>
      state.locations!.filter(({title}) => suffix.test(title)).map(({href}) => href)
    expect(titled(/: quotes \d+ facts?$/)).toEqual(quoting)
    expect(titled(/: quotes/)).not.toContain('/Refund&Cancellation-Policy')
    expect(hrefs(state).slice(0, quoting.length)).toEqual(quoting)
    expect([...hrefs(state)].sort()).toEqual([...MAIN_PAGES].sort())
    expect(state.message).toMatch(/every page/)
  })

  it('counts a policy that prints only the Grievance Officer card as quoting its facts', () => {
    const documents = quotingDocuments().map((document) =>
      document._id === 'privacyPolicy' ? without(document, ['factRef']) : document,
    )
    expect(companyFactsLocations(documents).locations).toContainEqual({
      title: 'Privacy Policy: quotes 5 facts',
      href: '/privacy-policy',
    })
  })

  it('always lists the Contact page, which shows customer care details of its own', () => {
    const documents = quotingDocuments().map((document) => without(document, ['factRef', 'grievanceContact']))
    expect(companyFactsLocations(documents).locations).toContainEqual({
      title: 'Contact us: customer care',
      href: '/contact-us',
    })
  })

  it('reads a draft of a text as the page it belongs to', () => {
    const documents = quotingDocuments().map((document) => ({...document, _id: `drafts.${document._id}`}))
    expect(hrefs(policyFiguresLocations(documents))).toEqual(
      hrefs(policyFiguresLocations(quotingDocuments())),
    )
  })
})

describe('where the other documents are used', () => {
  it("shows a policy on its page and its version history, at the site's own paths", () => {
    for (const policy of POLICIES)
      expect(hrefs(policyLocations(policy))).toEqual([POLICY_PATHS[policy], policyHistoryPath(policy)])
    expect(hrefs(fixedLocations('policy', 'termsAndConditions'))).toEqual([
      '/terms&conditions',
      '/policy-history/terms&conditions',
    ])
    expect(hrefs(fixedLocations('policy', 'refundPolicy'))).toEqual([
      '/Refund&Cancellation-Policy',
      '/policy-history/Refund&Cancellation-Policy',
    ])
  })

  it('shows a policy version on its permanent page, and from version 2 on the page of what changed', () => {
    const versions = bundledDocuments().filter((document) => document._type === 'policyVersion') as any[]
    expect(versions.length).toBeGreaterThan(0)
    for (const {policy, number} of versions)
      expect(hrefs(policyVersionLocations({policy, number}))).toEqual(
        number > 1
          ? [policyVersionPath(policy, number), policyChangesPath(policy, number)]
          : [policyVersionPath(policy, number)],
      )
    expect(hrefs(policyVersionLocations({policy: 'termsAndConditions', number: 2}))).toEqual([
      '/policy-versions/terms&conditions/2',
      '/policy-changes/terms&conditions/2',
    ])
    expect(hrefs(policyVersionLocations({policy: 'privacyPolicy', number: 1}))).toEqual([
      '/policy-versions/privacy-policy/1',
    ])
    expect(policyVersionLocations(null)).toMatchObject({tone: 'caution'})
  })

  it('shows the Home, About and Contact pages on their own page, and Site settings on every page', () => {
    expect(hrefs(fixedLocations('homePage', 'homePage'))).toEqual(['/'])
    expect(hrefs(fixedLocations('aboutPage', 'aboutPage'))).toEqual(['/about-us'])
    expect(hrefs(fixedLocations('contactPage', 'contactPage'))).toEqual(['/contact-us'])
    expect(hrefs(fixedLocations('siteSettings', 'siteSettings'))).toEqual(MAIN_PAGES)
    expect(fixedLocations('contactMessage', 'contactMessage.x')).toBeUndefined()
  })
})

describe('locations in Studio', () => {
  /** A document store whose queries answer from subjects the test controls. */
  function fakeStore(answers: Record<string, BehaviorSubject<unknown>>) {
    const calls: {query: any; params: any; options: any}[] = []
    const listenQuery = (query: any, params: any, options: any) => {
      calls.push({query, params, options})
      const fetch = typeof query === 'string' ? query : query.fetch
      return answers[fetch] as Observable<any>
    }
    return {calls, documentStore: {listenQuery} as any}
  }
  const params = (type: string, id: string) => ({
    id,
    type,
    version: undefined,
    perspectiveStack: ['drafts' as const],
  })

  it('follow the texts as staff edit them, in the perspective staff are looking at', () => {
    const texts = new BehaviorSubject<unknown>(quotingDocuments())
    const {calls, documentStore} = fakeStore({'*[_id in $ids]': texts})
    const state = resolveLocations(params('policyFigures', 'policyFigures'), {documentStore})
    if (!isObservable(state)) throw new Error('Policy figures locations are not read from the content')
    const seen: string[][] = []
    const subscription = state.subscribe((value) => seen.push(hrefs(value)))
    texts.next(
      quotingDocuments().map((document) =>
        document._id === 'privacyPolicy' ? without(document, ['figureRef']) : document,
      ),
    )
    subscription.unsubscribe()
    expect(seen[0]).toContain('/privacy-policy')
    expect(seen[1]).not.toContain('/privacy-policy')
    expect(calls[0].options).toMatchObject({perspective: ['drafts']})
    expect(calls[0].query.listen).toBe('*[_type in $types]')
  })

  it("read a policy version's policy and number from the version", async () => {
    const version = new BehaviorSubject<unknown>({policy: 'refundPolicy', number: 3})
    const {documentStore} = fakeStore({'*[_id == $id][0]{policy, number}': version})
    const state = resolveLocations(params('policyVersion', 'policyVersion-refundPolicy-3'), {documentStore})
    expect(hrefs(await firstValueFrom(state as Observable<any>))).toEqual([
      '/policy-versions/Refund&Cancellation-Policy/3',
      '/policy-changes/Refund&Cancellation-Policy/3',
    ])
  })

  it('need no query for a page whose locations are fixed', () => {
    const {calls, documentStore} = fakeStore({})
    expect(hrefs(resolveLocations(params('homePage', 'homePage'), {documentStore}) as any)).toEqual(['/'])
    expect(calls).toEqual([])
  })
})

describe('the Studio', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  const loadConfig = async (previewUrl?: string) => {
    if (previewUrl !== undefined) vi.stubEnv('SANITY_STUDIO_PREVIEW_URL', previewUrl)
    vi.resetModules()
    return (await import('../../../studio/sanity.config')).default as any
  }
  const presentationOf = (config: any) =>
    config.plugins
      .flatMap((plugin: any) => plugin.tools ?? [])
      .find((tool: any) => tool.name === 'presentation')

  it('shows the live site where staff publish: a "Live site" tool, and a badge on the documents the site is built from', async () => {
    const config = await loadConfig('https://www.medistay.example/anything')
    const plugin = config.plugins.find((candidate: any) => candidate.name === 'site-status')
    expect(plugin.tools.map((tool: any) => tool.title)).toEqual(['Live site'])
    const badges = (schemaType: string) =>
      plugin.document.badges([], {schemaType}).map((badge: any) => badge.displayName)
    for (const schemaType of ['policy', 'contactPage', 'siteSettings'])
      expect(badges(schemaType)).toEqual(['SiteStatusBadge'])
    for (const schemaType of ['contactMessage', 'policyVersion']) expect(badges(schemaType)).toEqual([])
  })

  it("registers Presentation after the structure tool, previewing the site's origin through its preview-mode routes", async () => {
    const config = await loadConfig('https://www.medistay.example/anything')
    const tools = config.plugins.flatMap((plugin: any) => plugin.tools ?? []).map((tool: any) => tool.name)
    expect(tools.slice(0, 2)).toEqual(['structure', 'presentation'])
    const {initial, ...previewUrl} = presentationOf(config).options.previewUrl
    expect(previewUrl).toEqual({
      previewMode: {enable: '/api/preview/enable', disable: '/api/preview/disable'},
    })
    // It starts on the page of the document being edited; with none, the Home page.
    expect(initial()).toBe('https://www.medistay.example/')
    const {resolveLocations: resolver} = await import('../../../studio/presentation/resolveLocations')
    expect(presentationOf(config).options.resolve.locations).toBe(resolver)
  })

  it('previews the local server when SANITY_STUDIO_PREVIEW_URL is not set', async () => {
    const config = await loadConfig('')
    expect(presentationOf(config).options.previewUrl.initial()).toBe('http://localhost:4321/')
  })

  it('keeps the document actions and the switches it had', async () => {
    const config = await loadConfig()
    expect(config.releases).toEqual({enabled: false})
    // A recorded version offers one action only: adding a dated note of correction beside it.
    expect(
      config.document
        .actions([], {schemaType: 'policyVersion'})
        .map((action: {displayName?: string}) => action.displayName),
    ).toEqual(['AddNoteOfCorrectionAction'])
  })

  it('refuses a preview address that is not a web address', () => {
    expect(previewOrigin(undefined)).toBe(LOCAL_SITE)
    expect(previewOrigin(' https://preview.example:8443/ ')).toBe('https://preview.example:8443')
    expect(() => previewOrigin('www.example.com')).toThrow(/SANITY_STUDIO_PREVIEW_URL/)
    expect(() => previewOrigin('javascript:alert(1)')).toThrow(/SANITY_STUDIO_PREVIEW_URL/)
    expect(PREVIEW_MODE.enable).toBe('/api/preview/enable')
  })
})
