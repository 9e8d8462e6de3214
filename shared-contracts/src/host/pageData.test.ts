import { BOOT_DATA_ID, jsonForScript, takeBootResult } from './pageData'

describe("the edge's first answers in the page", () => {
  beforeAll(() => {
    const element = document.createElement('script')
    element.type = 'application/json'
    element.id = BOOT_DATA_ID
    element.textContent = jsonForScript({ results: { '/comic/1': { id: 1, name: '</script>' } }, locale: 'en' })
    document.head.append(element)
  })

  it('are taken once, in their own language only', () => {
    expect(takeBootResult('/comic/2', 'en')).toEqual({ found: false })
    // The browser resolved another language than the edge: it asks the API in its own.
    expect(takeBootResult('/comic/1', 'fr')).toEqual({ found: false })
    expect(takeBootResult('/comic/1', 'en')).toEqual({ found: true, result: { id: 1, name: '</script>' } })
    expect(takeBootResult('/comic/1', 'en')).toEqual({ found: false })
  })
})
