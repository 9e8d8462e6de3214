import fs from 'node:fs'
import path from 'node:path'
import type * as Texts from './texts'

/** A fresh registry: the test setup gives every test file's one all languages (infra/jest/setup-web.ts). */
function freshTexts(): typeof Texts {
  let module: typeof Texts | undefined
  jest.isolateModules(() => {
    module = jest.requireActual<typeof Texts>('./texts')
  })
  if (!module) throw new Error('./texts did not load')
  return module
}

describe('the browser’s shared texts, one language file at a time (issue 13)', () => {
  it('says a text once its language is loaded, and only that language is', async () => {
    const texts = freshTexts()
    await texts.loadTexts('ja')
    expect(texts.text('pageNotFound', 'ja', { path: '/x' })).toBe('ページが見つかりません: /x')
    expect(texts.text('notFound', 'ja')).toBe('見つかりません')
  })

  it('loads a language once, however many ask', async () => {
    const texts = freshTexts()
    const first = texts.loadTexts('fr')
    expect(texts.loadTexts('fr')).toBe(first)
    await first
    expect(texts.text('notFound', 'fr')).toBe('Introuvable')
  })

  it('without its language at hand, says the text in one that is, else by its key, and fetches the language', async () => {
    const texts = freshTexts()
    expect(texts.text('notFound', 'fr')).toBe('notFound')
    await texts.loadTexts('en')
    expect(texts.text('notFound', 'ja')).toBe('Not found')
    // Asking for French above fetched it.
    await texts.loadTexts('fr')
    expect(texts.text('notFound', 'fr')).toBe('Introuvable')
  })

  it('is reached by the domain rules never: a remote bundles those, and its own registry would be empty', () => {
    const domain = path.join(__dirname, '..', 'domain')
    const offenders = fs
      .readdirSync(domain)
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'))
      .filter((file) => /from '\.\.\/i18n\/texts'/.test(fs.readFileSync(path.join(domain, file), 'utf8')))
    expect(offenders).toEqual([])
  })
})
