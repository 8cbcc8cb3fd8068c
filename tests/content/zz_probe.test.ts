import {it} from 'vitest'
import {readFileSync} from 'node:fs'
import {parse, evaluate} from 'groq-js'
import {from, of} from 'rxjs'
it('probe', async () => {
  const {createSchema} = await import('sanity')
  const {schemaTypes} = await import('../../studio/schemaTypes/index.ts')
  const {validateDocument} = await import('@sanity/validation')
  const schema = createSchema({name: 'default', types: schemaTypes}) as any
  console.log('problems', JSON.stringify(schema._validation?.filter((g: any) => g.problems.length), null, 1))
  const docs = readFileSync('studio/seed/production.ndjson', 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
  const log: string[] = []
  const mk = (cfg: any): any => {
    const c: any = {
      fetch: async (q: string, params: any = {}, opts?: any) => { log.push('fetch ' + q + ' ' + JSON.stringify(params) + JSON.stringify(opts)); return (await evaluate(parse(q, {params}), {dataset: docs, params})).get() },
      withConfig: (x: any) => { log.push('withConfig ' + JSON.stringify(x)); return mk({...cfg, ...x}) },
      config: () => cfg,
      getDataUrl: (op: string, p?: string) => { log.push('getDataUrl ' + op + ' ' + p); return `/data/${op}/${cfg.dataset}${p ? '/' + p : ''}` },
      observable: new Proxy({
        request: (o: any) => { log.push('request ' + JSON.stringify(o)); const ids = o.url.split('/').pop().split(','); return of({documents: docs.filter(d => ids.includes(d._id)), omitted: ids.filter((i: string) => !docs.some(d => d._id === i)).map((id: string) => ({id, reason: 'existence'}))}) },
      }, {get: (t: any, p) => { if (!(p in t)) log.push('observable.' + String(p)); return t[p] }}),
    }
    return new Proxy(c, {get: (t, p) => { if (!(p in t)) log.push('client.' + String(p)); return t[p] }})
  }
  const client = mk({dataset: 'production', projectId: 'test', apiVersion: '2025-02-19'})
  for (const d of docs) {
    const t = Date.now()
    const r = await validateDocument({document: d, schema, client})
    console.log(d._id, r.status, Date.now() - t, JSON.stringify(r.markers))
  }
  console.log([...new Set(log)].join('\n'))
}, 60000)
