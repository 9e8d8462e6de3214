import fs from 'node:fs'
import { readSite, siteFile } from './site'

export default async function globalTeardown(): Promise<void> {
  if (!fs.existsSync(siteFile())) return
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
  fs.rmSync(siteFile(), { force: true })
}
