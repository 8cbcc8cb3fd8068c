import {spawn} from 'node:child_process'
import {join} from 'node:path'
import {ROOT} from './astroBuild.ts'

const VNU = join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar')

/**
 * How Java runs the checker. A run lasts seconds, which never repays the JVM's optimising compiler
 * or its parallel collector: the quick compiler alone and one collector thread take half the CPU
 * (7 against 14.5 CPU s for the site's 151 pages), with the same report. Code of the quick compiler
 * takes more stack, and the checker's schema recurses deeply (it asks for at least 512 KB): 8 MB.
 */
const JAVA_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss8m']

export interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error'
  subType?: string
  url?: string
  firstLine?: number
  lastLine?: number
  firstColumn?: number
  lastColumn?: number
  message: string
  extract?: string
}

/**
 * Runs the Nu HTML Checker (vnu, the W3C validator) over the files in one Java process, errors
 * only; it exits 1 when it finds errors and writes its JSON report to stderr.
 */
export function vnu(files: string[]): Promise<{code: number | null; messages: VnuMessage[]; raw: string}> {
  const child = spawn('java', [...JAVA_OPTIONS, '-jar', VNU, '--format', 'json', '--errors-only', ...files], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      const raw = stderr.trim() || stdout.trim()
      try {
        resolve({code, messages: (JSON.parse(raw) as {messages: VnuMessage[]}).messages, raw})
      } catch {
        reject(new Error(`vnu exited ${code} without a JSON report:\n${stdout}\n${stderr}`))
      }
    })
  })
}
