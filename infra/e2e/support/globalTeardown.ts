import fs from 'node:fs'
import { readSite, SITE_FILE } from './site'

export default async function globalTeardown(): Promise<void> {
  if (!fs.existsSync(SITE_FILE)) return
  const site = readSite()
  for (const pid of site.pids) {
    try {
      process.kill(pid, 'SIGTERM')
    } catch {
      /* already gone */
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500))
  fs.rmSync(site.dataDir, { recursive: true, force: true })
  fs.rmSync(SITE_FILE, { force: true })
}
