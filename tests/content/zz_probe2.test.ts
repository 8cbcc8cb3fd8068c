import {it} from 'vitest'
import {readFileSync} from 'node:fs'
import {parse, evaluate} from 'groq-js'
import {of} from 'rxjs'
it('probe', async () => {
  const {createSchema} = await import('sanity')
  const {schemaTypes} = await import('../../studio/schemaTypes/index.ts')
  const {validateDocument} = await import('@sanity/validation')
  const schema = createSchema({name: 'default', types: schemaTypes}) as any
  const docs = readFileSync('studio/seed/production.ndjson', 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
  const mk = (cfg: any): any => ({
      fetch: async (q: string, params: any = {}) => (await evaluate(parse(q, {params}), {dataset: docs, params})).get(),
      withConfig: (x: any) => mk({...cfg, ...x}),
      config: () => cfg,
      getDataUrl: (op: string, p?: string) => `/data/${op}/${cfg.dataset}${p ? '/' + p : ''}`,
      observable: {
        request: (o: any) => { const ids = o.url.split('/').pop().split(','); return of({documents: docs.filter(d => ids.includes(d._id)), omitted: ids.filter((i: string) => !docs.some(d => d._id === i)).map((id: string) => ({id, reason: 'existence'}))}) },
      },
  })
  const client = mk({dataset: 'production', projectId: 'test', apiVersion: '2025-02-19'})
  const get = (id: string) => structuredClone(docs.find((d) => d._id === id))
  const cases: [string, any][] = []
  let d: any
  d = get('homePage'); delete d.seo.title; cases.push(['seo title removed', d])
  d = get('homePage'); d.seo.title = 'x'.repeat(80); cases.push(['seo title 80', d])
  d = get('homePage'); d.seo.title = 'x'.repeat(65); cases.push(['seo title 65', d])
  d = get('refundPolicy'); d.sections[2].body.find((b: any) => b.children?.some((c: any) => c._type === 'figureRef')).children.find((c: any) => c._type === 'figureRef').figure = 'bogus'; cases.push(['figure bogus', d])
  d = get('refundPolicy'); d.sections[2].body.find((b: any) => b.children?.some((c: any) => c._type === 'figureRef')).children.find((c: any) => c._type === 'figureRef').figures._ref = 'nope'; cases.push(['figures ref nope', d])
  d = get('refundPolicy'); d.sections[2].body.find((b: any) => b.children?.some((c: any) => c._type === 'figureRef')).children.find((c: any) => c._type === 'figureRef').figures = undefined; cases.push(['figures ref missing', d])
  d = get('refundPolicy'); d.sections[0].body[0].style = 'h2'; cases.push(['style h2', d])
  d = get('refundPolicy'); d.sections[0].body[0].listItem = 'roman'; cases.push(['list roman', d])
  d = get('refundPolicy'); d.sections[0].body[0].children[0].marks = ['underline']; cases.push(['mark underline', d])
  d = get('refundPolicy'); d.sections[0].body[0].markDefs = [{_type: 'bogusAnn', _key: 'k1'}]; cases.push(['markdef bogus type', d])
  for (const href of ['//evil.com', 'contact-us', 'https://', 'javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'data:text/html,x', '/\\evil.com', 'http://x.com']) {
    d = get('refundPolicy'); d.intro.find((b: any) => b.markDefs?.length).markDefs[0].href = href; cases.push(['href ' + href, d])
  }
  d = get('siteSettings'); d.loginUrl = '/login'; cases.push(['loginUrl relative', d])
  d = get('siteSettings'); delete d.loginUrl; cases.push(['loginUrl missing', d])
  d = get('siteSettings'); delete d.supportEmail; cases.push(['email missing', d])
  d = get('policyFigures'); d.refundProcessingWeeks = {min: 6, max: 5}; cases.push(['weeks min>max', d])
  d = get('policyFigures'); d.extra = 1; cases.push(['unknown field', d])
  d = get('homePage'); d.sections.push(structuredClone(d.sections[0])); d.sections[4]._key = 'dup'; cases.push(['5 sections', d])
  d = get('siteSettings'); d.navItems.push({...d.navItems[0], _key: 'dup'}); cases.push(['5 navitems', d])
  d = get('privacyPolicy'); d._id = 'drafts.privacyPolicy'; d.sections = d.sections.slice(0, 9); cases.push(['draft 9 sections', d])
  d = get('termsAndConditions'); d.sections = []; cases.push(['terms 0 sections', d])
  for (const [name, doc] of cases) {
    const r = await validateDocument({document: doc, schema, client})
    console.log(name, '=>', r.status, JSON.stringify(r.markers.map((m: any) => [m.level, m.path, m.message, m.code])))
  }
}, 60000)
