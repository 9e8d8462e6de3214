import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { containerName, folderName, FRONT_END_FOLDERS, REMOTE_CONTAINERS, REMOTE_FOLDERS, VERSION_ID_PATTERN } from '@koma/contracts/remotes'
import { REMOTES, remoteFolder, remoteOfFolder } from '@koma/contracts/server'

/**
 * The remotes are named once (shared-contracts/federation/remotes.js) and every tool that can
 * read a file derives its list from it. These are the places that cannot (JSON with no code, and
 * the list's own TypeScript declaration): each must name exactly the remotes the source names.
 */

const root = path.resolve(__dirname, '../..')
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')
const remoteLike = (names: readonly string[]) => names.filter((name) => /(^|\/)mf[-_]/.test(name))

function tsconfigInclude(file: string): string[] {
  const parsed = ts.readConfigFile(path.join(root, file), ts.sys.readFile)
  if (parsed.error) throw new Error(ts.flattenDiagnosticMessageText(parsed.error.messageText, '\n'))
  return (parsed.config as { include: string[] }).include
}

describe('the one list of remotes', () => {
  it('has the same names in its TypeScript declaration (remotes.d.ts)', () => {
    const declared = /REMOTE_FOLDERS: readonly \[([^\]]*)\]/.exec(read('shared-contracts/federation/remotes.d.ts'))?.[1] ?? ''
    expect([...declared.matchAll(/'([^']+)'/g)].map((name) => name[1])).toEqual([...REMOTE_FOLDERS])
  })

  it('names every remote folder of the repository, and only those', () => {
    const folders = fs
      .readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('mf-'))
      .map((entry) => entry.name)
    expect(folders.sort()).toEqual([...REMOTE_FOLDERS].sort())
  })

  it('is package.json’s workspaces', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces
    expect(remoteLike(workspaces)).toEqual([...REMOTE_FOLDERS])
    expect(workspaces).toContain('host')
  })

  it('is the tsconfigs’ include lists', () => {
    expect(remoteLike(tsconfigInclude('tsconfig.json'))).toEqual(REMOTE_FOLDERS.map((folder) => `${folder}/src`))
    expect(remoteLike(tsconfigInclude('tsconfig.web-tests.json'))).toEqual(
      REMOTE_FOLDERS.flatMap((folder) => [`${folder}/src/**/*.test.ts`, `${folder}/src/**/*.test.tsx`]),
    )
  })

  it('gives each remote its workspace package and its federation container name', () => {
    for (const folder of REMOTE_FOLDERS) {
      expect((JSON.parse(read(`${folder}/package.json`)) as { name: string }).name).toBe(`@koma/${folder}`)
      expect(/\bname: '([^']+)'/.exec(read(`${folder}/webpack.config.js`))?.[1]).toBe(containerName(folder))
    }
  })

  it('translates a remote’s two names with one function each way', () => {
    expect(containerName('mf-catalog')).toBe('mf_catalog')
    expect(folderName('mf_catalog')).toBe('mf-catalog')
    expect(REMOTE_CONTAINERS.map((name) => folderName(name))).toEqual([...REMOTE_FOLDERS])
    expect([...REMOTES]).toEqual([...REMOTE_CONTAINERS])
    expect(REMOTES.map(remoteFolder)).toEqual([...REMOTE_FOLDERS])
    expect(remoteOfFolder('mf-viewer')).toBe('mf_viewer')
    expect(remoteOfFolder('mf-nope')).toBeNull()
    expect(remoteOfFolder('host')).toBeNull()
    expect(FRONT_END_FOLDERS).toEqual(['host', ...REMOTE_FOLDERS])
  })

  it('has one pattern for version ids', () => {
    expect(VERSION_ID_PATTERN.test('20261122093100-0123abcd')).toBe(true)
    for (const wrong of ['2026112209310-0123abcd', '20261122093100-0123ABCD', '20261122093100-0123abc', 'x20261122093100-0123abcd']) {
      expect([wrong, VERSION_ID_PATTERN.test(wrong)]).toEqual([wrong, false])
    }
  })
})
