import {existsSync, mkdtempSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {sqliteStoreOpener} from '../../../src/contact/sqliteStore'
import {makeFolders} from '../../../src/lib/folders'

const scratch = mkdtempSync(join(tmpdir(), 'folders-'))
afterAll(() => rmSync(scratch, {recursive: true, force: true}))

describe('making the folders a configured path needs', () => {
  it('makes every missing level, with the mode asked for, and leaves an existing folder as it is', () => {
    const deep = join(scratch, 'a', 'b', 'c')
    makeFolders(deep, 0o700)
    expect(statSync(deep).isDirectory()).toBe(true)
    expect(statSync(join(scratch, 'a')).mode & 0o777).toBe(0o700)
    expect(() => makeFolders(deep)).not.toThrow()
  })

  it('names a file standing where a folder should be, or above it', () => {
    const file = join(scratch, 'file.txt')
    writeFileSync(file, 'in the way')
    expect(() => makeFolders(file)).toThrow(/EEXIST.*file\.txt/)
    expect(() => makeFolders(join(file, 'below'))).toThrow(/ENOTDIR.*below/)
  })

  // Issue 25: CONTACT_DB_PATH=/proc/nope/x.db hung the server for ever in Node's recursive mkdir.
  it.runIf(existsSync('/proc/self'))('throws at once under a folder no one can create in (/proc)', () => {
    expect(() => makeFolders('/proc/nope')).toThrow(/ENOENT.*\/proc\/nope/)
    expect(() => sqliteStoreOpener('/proc/nope/x.db').open()).toThrow(/\/proc\/nope/)
  })
})
