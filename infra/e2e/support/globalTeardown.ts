import fs from 'node:fs'
import { clusterLane, dropClusterRun, readSite, siteFile, stopSite } from './site'

export default async function globalTeardown(): Promise<void> {
  if (process.env.KOMA_E2E_TEMPLATE) fs.rmSync(process.env.KOMA_E2E_TEMPLATE, { recursive: true, force: true })
  if (fs.existsSync(siteFile())) {
    await stopSite(readSite())
    fs.rmSync(siteFile(), { force: true })
  }
  if (clusterLane()) await dropClusterRun()
}
