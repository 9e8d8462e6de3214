import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fromTemplate, repoRoot } from './site'

export interface Imported {
  target: string
  contentId: number
  chapterId: number
}

/** Import books into a fresh data folder (given the run's seeded database) with `npm run import`'s command, before its API starts. */
export function importInto(dataDir: string, books: string[]): Imported[] {
  fromTemplate(dataDir)
  const result = spawnSync(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['infra/api/src/cli/import.ts', ...books], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  })
  const imported = [...result.stdout.matchAll(/^KOMA_IMPORTED (.+)$/gm)].map(([, json]) => JSON.parse(json!) as Imported)
  if (result.status !== 0 || imported.length !== books.length) throw new Error(`import failed (${result.status}):\n${result.stdout}${result.stderr}`)
  return imported
}
