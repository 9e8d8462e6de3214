import fs from 'node:fs'
import { readSite, siteFile, stopSite } from './site'

export default async function globalTeardown(): Promise<void> {
  if (process.env.KOMA_E2E_TEMPLATE) fs.rmSync(process.env.KOMA_E2E_TEMPLATE, { recursive: true, force: true })
  if (!fs.existsSync(siteFile())) return
  await stopSite(readSite())
  fs.rmSync(siteFile(), { force: true })
}
