import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { LOCALES, messageUnits } = require('./i18n-packages.cjs') as {
  LOCALES: string[]
  messageUnits: () => { name: string; pkg: string; file: (locale: string) => string; owns: (id: string) => boolean }[]
}

/** Every package's messages as formatjs extracts them from the code (English defaults). */
const extracted: Record<string, Record<string, string>> = JSON.parse(
  execFileSync(process.execPath, [path.join(__dirname, 'i18n-dump.mjs')], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }),
)

/** The ICU argument names a message uses ({name}, {count, plural, …}). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>()
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) names.add(element.value)
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        names.add(element.value)
        for (const option of Object.values(element.options)) walk(option.value)
      }
      if (element.type === TYPE.tag) walk(element.children)
    }
  }
  walk(parse(message))
  return [...names].sort()
}

jest.setTimeout(60_000)

// Each package's own files and its on-demand sets (i18n-packages.cjs MESSAGE_SETS).
describe.each(messageUnits().map((unit) => [unit.name, unit] as const))('%s messages', (_name, unit) => {
  const defaults = Object.fromEntries(Object.entries(extracted[unit.pkg] ?? {}).filter(([id]) => unit.owns(id)))

  it('has messages to check', () => {
    expect(Object.keys(defaults).length).toBeGreaterThan(0)
  })

  it.each(LOCALES)('has every message in %s, non-empty, with the same placeholders, and nothing stale', (locale) => {
    const file = unit.file(locale)
    const translated: Record<string, string> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {}
    const missing = Object.keys(defaults).filter((id) => typeof translated[id] !== 'string' || translated[id].trim() === '')
    expect(missing).toEqual([])
    expect(Object.keys(translated).filter((id) => !(id in defaults))).toEqual([])
    for (const [id, english] of Object.entries(defaults)) {
      if (locale === 'en') expect([id, translated[id]]).toEqual([id, english])
      expect([id, argumentsOf(translated[id] ?? '')]).toEqual([id, argumentsOf(english)])
    }
  })
})
