// The Privacy Policy says the website's own server keeps no log of requests and uses a visitor's
// IP address only in memory, for the rate limit. Its log must bear that out, whatever is sent.
import {describe, expect} from 'vitest'
import {test} from '../../support/siteServer'
import {islandBody, marker, postForm, postJson, validFields} from '../../support/contact'

const VISITOR = '203.0.113.77'

const it = test.extend('site', {scope: 'file'}, ({startSite}) =>
  startSite({TRUST_PROXY: '1', CONTACT_RATE_LIMIT: '3'}),
)

describe("the server's log", () => {
  it("holds no visitor's address, e-mail, phone or words, for messages stored, refused or rate-limited", async ({
    site,
  }) => {
    const fields = validFields()
    const from = {'x-forwarded-for': VISITOR}
    const typed = [fields.email, fields.message, fields.name]
    expect((await postJson(site.url, islandBody(fields), from)).status).toBe(201)
    const invalid = {...validFields(), email: `not-an-address-${marker()}`}
    typed.push(invalid.email, invalid.message)
    expect((await postJson(site.url, islandBody(invalid), from)).status).toBe(422)
    await postForm(site.url, {...validFields(), website: ''}, from)
    // The fourth from the same address is over the limit.
    expect((await postJson(site.url, islandBody(validFields()), from)).status).toBe(429)
    for (const path of ['/about-us', '/no-such-page', '//evil.example/'])
      await fetch(site.url + path, {headers: from})

    const log = site.output()
    expect(log).not.toContain(VISITOR)
    for (const text of typed) expect(log).not.toContain(text)
  })
})
