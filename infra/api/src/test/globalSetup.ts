import { testLane } from './lane'
import { pgliteTemplatePath, postgresTemplateName } from './template'

/** Build the seeded template once, before any API test file runs. */
export default async function globalSetup(): Promise<void> {
  if (testLane() === 'postgres') await postgresTemplateName()
  else await pgliteTemplatePath()
}
