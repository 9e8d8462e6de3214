import { spawnSync } from 'node:child_process'
import path from 'node:path'

export interface Imported {
  target: string
  contentId: number
  chapterId: number
}

const repoRoot = path.resolve(__dirname, '..', '..', '..')

/**
 * Import books with `npm run import`'s command into the database `env` names (a site's PGlite
 * folder by DATA_DIR, or its PostgreSQL database by DATABASE_URL) before the site's API starts:
 * one result per file, or it throws. Used by startSite's `books`.
 */
export function importBooks(env: Record<string, string>, books: string[]): Imported[] {
  const result = spawnSync(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['infra/api/src/cli/import.ts', ...books], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  })
  const imported = [...result.stdout.matchAll(/^KOMA_IMPORTED (.+)$/gm)].map(([, json]) => JSON.parse(json!) as Imported)
  if (result.status !== 0 || imported.length !== books.length) throw new Error(`import failed (${result.status}):\n${result.stdout}${result.stderr}`)
  return imported
}
