import {existsSync, mkdirSync, statSync} from 'node:fs'
import {dirname, resolve} from 'node:path'

/**
 * Makes a folder and the parents it lacks, one level at a time, from the nearest that exists.
 * Not `mkdirSync(dir, {recursive: true})`: under a folder no one can create in, such as /proc,
 * Node's recursive mkdir retries "mkdir /proc" (EEXIST) for ever, and a server started with
 * CONTACT_DB_PATH=/proc/nope/x.db hung without a word. Here the first folder that cannot be made
 * throws at once, with its path (ENOENT, EACCES, ENOTDIR under a file).
 */
export function makeFolders(dir: string, mode?: number): void {
  const missing: string[] = []
  for (let folder = resolve(dir); !existsSync(folder); folder = dirname(folder)) {
    missing.unshift(folder)
    if (dirname(folder) === folder) break
  }
  // A file where the folder should be: mkdir says so (EEXIST), naming it.
  if (missing.length === 0 && !statSync(dir).isDirectory()) mkdirSync(dir, {mode})
  for (const folder of missing) mkdirSync(folder, {mode})
}
