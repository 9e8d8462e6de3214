import fs from 'node:fs'
import path from 'node:path'

type Numbering = { file: string; ids: Map<string, string> }
/* eslint-disable @typescript-eslint/no-require-imports */
const { shortIds, renameMessages } = require('./message-ids.js') as {
  shortIds: (dir: string) => Numbering
  renameMessages: (messages: Record<string, unknown>, numbering: Numbering, from: string) => Record<string, unknown>
}
const messageIdsLoader = require('./message-ids-loader.js') as (this: LoaderThis, source: string) => string
/* eslint-enable @typescript-eslint/no-require-imports */

interface LoaderThis {
  rootContext: string
  resourcePath: string
  addDependency: (file: string) => void
}

const catalog = path.join(__dirname, '..', '..', 'mf-catalog')
const loaderThis = (resourcePath: string): LoaderThis => ({ rootContext: catalog, resourcePath, addDependency: () => undefined })
const languageFile = (locale: string) => JSON.parse(fs.readFileSync(path.join(catalog, 'src', 'i18n', `${locale}.json`), 'utf8')) as Record<string, string>

describe('short message ids in production bundles (issue 13)', () => {
  const numbering = shortIds(catalog)
  const { ids } = numbering

  it('number every id of the English file, each once', () => {
    expect(ids.size).toBeGreaterThan(50)
    expect(new Set(ids.values()).size).toBe(ids.size)
    expect(ids.get('catalog.badge.event')).toMatch(/^[0-9a-z]{1,2}$/)
  })

  it('give a descriptor and its language files the same id, so each text still finds its message', () => {
    const source = `export const m = defineMessages({ event: { id: "catalog.badge.event" }, free: { id: 'catalog.common.free' } })`
    const renamed = messageIdsLoader.call(loaderThis(path.join(catalog, 'src', 'i18n', 'messages.ts')), source)
    const event = ids.get('catalog.badge.event') ?? ''
    const free = ids.get('catalog.common.free') ?? ''
    expect(renamed).toBe(`export const m = defineMessages({ event: { id:"${event}" }, free: { id:'${free}' } })`)
    const en = renameMessages(languageFile('en'), numbering, 'en.json')
    const ja = renameMessages(languageFile('ja'), numbering, 'ja.json')
    expect(en[event]).toBe('EVENT')
    expect(ja[free]).toBe(languageFile('ja')['catalog.common.free'])
    // The package's files and its on-demand set's (My reading, i18n-packages.cjs MESSAGE_SETS) share one numbering, each id once.
    const setJa = renameMessages(
      JSON.parse(fs.readFileSync(path.join(catalog, 'src', 'library', 'i18n', 'ja.json'), 'utf8')) as Record<string, string>,
      numbering,
      'library/i18n/ja.json',
    )
    expect(Object.keys(setJa).filter((id) => id in ja)).toEqual([])
    expect([...Object.keys(ja), ...Object.keys(setJa)].sort()).toEqual([...ids.values()].sort())
  })

  it('fail the build on an id the English file lacks, in a descriptor or a language file', () => {
    const source = `defineMessages({ x: { id: "catalog.nowhere" } })`
    expect(() => messageIdsLoader.call(loaderThis('messages.ts'), source)).toThrow(/catalog\.nowhere is not in/)
    expect(() => renameMessages({ 'catalog.nowhere': 'x' }, numbering, 'fr.json')).toThrow(/fr\.json: message id catalog\.nowhere is not in/)
  })
})
