import fs from 'node:fs'
import { SITE_FILE, startSite } from './site'

export default async function globalSetup(): Promise<void> {
  const started = Date.now()
  const site = await startSite()
  fs.writeFileSync(SITE_FILE, JSON.stringify(site))
  console.log(`\n[e2e] site at ${site.baseURL} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
