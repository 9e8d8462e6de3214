import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { clusterLane, seedClusterTemplate, seedTemplate, siteFile, startSite } from './site'

export default async function globalSetup(): Promise<void> {
  const started = Date.now()
  process.env.KOMA_E2E_SITE_FILE = path.join(os.tmpdir(), `koma-e2e-site-${process.pid}.json`)
  if (clusterLane()) await seedClusterTemplate()
  else seedTemplate()
  const site = await startSite()
  fs.writeFileSync(siteFile(), JSON.stringify(site))
  console.log(`\n[e2e] site at ${site.baseURL} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
