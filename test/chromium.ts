/**
 * The Chromium every browser test and benchmark launches: Debian's (`apt-get install chromium`), never a downloaded
 * one, or `CHROMIUM_PATH`; headless, without a sandbox (the machine runs as root), and nothing phoning home.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
