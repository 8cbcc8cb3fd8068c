// Browser tests drive Debian's chromium; install it where it is missing (CI runs as root).
import {execFileSync} from 'node:child_process'
import {existsSync} from 'node:fs'

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(path)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${path}. Install it (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
    )
    process.exit(1)
  }
  console.log('Installing Debian chromium for the browser tests…')
  execFileSync('apt-get', ['update', '-qq'], {stdio: 'inherit'})
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: {...process.env, DEBIAN_FRONTEND: 'noninteractive'},
  })
}
