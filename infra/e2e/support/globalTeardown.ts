import fs from 'node:fs'
import { readSite, siteFile, stopSite } from './site'

export default async function globalTeardown(): Promise<void> {
  if (!fs.existsSync(siteFile())) return
  await stopSite(readSite())
  fs.rmSync(siteFile(), { force: true })
}
