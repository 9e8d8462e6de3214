import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { endpoints, HEADERS, type Chapter } from '@koma/contracts/server'
import { createTestApp, type TestApp } from '../../test/testApp'
import { comicInfoDescriptions } from './comicInfo'
import { importImageFolder } from './importer'

jest.setTimeout(120_000)

describe('comicInfoDescriptions', () => {
  it('reads each page’s description in the book’s language, and per-language attributes', () => {
    const xml = `<?xml version="1.0"?>
      <ComicInfo><Title>Harbour</Title><LanguageISO>fr</LanguageISO>
        <Pages>
          <Page Image="0" Type="FrontCover" Description="Le port &amp; ses bateaux, à l&#39;aube." />
          <Page Image="1" DescriptionEn="Two sailors argue: &quot;Not today!&quot;" DescriptionJa='二人の船乗りが言い争う。'/>
          <Page Image="2"/>
          <Page Image="9" Description="Past the last page" />
          <Page Image="x" Description="Not a number" />
        </Pages>
      </ComicInfo>`
    const found = comicInfoDescriptions(xml, 3)
    expect([...found]).toEqual([
      [0, { fr: 'Le port & ses bateaux, à l\u0027aube.' }],
      [1, { en: 'Two sailors argue: "Not today!"', ja: '二人の船乗りが言い争う。' }],
    ])
  })

  it('takes English when the file names no language, nothing from `Description` in a language Koma does not speak, and skips unusable texts', () => {
    expect([...comicInfoDescriptions('<Pages><Page Image="0" Description=" A cat. "/></Pages>', 1)]).toEqual([[0, { en: 'A cat.' }]])
    expect([...comicInfoDescriptions('<LanguageISO>de</LanguageISO><Pages><Page Image="0" Description="Eine Katze."/></Pages>', 1)]).toEqual([])
    expect([
      ...comicInfoDescriptions(`<Pages><Page Image="0" Description="${'x'.repeat(2001)}"/><Page Image="1" Description="bell\u0007"/></Pages>`, 2),
    ]).toEqual([])
  })
})

describe('a comic folder with a ComicInfo.xml', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('gives readers the described pages’ texts, and the others none', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-comicinfo-test-'))
    for (let i = 0; i < 3; i++)
      await sharp({ create: { width: 600, height: 900, channels: 3, background: { r: 60 * i, g: 100, b: 180 } } })
        .png()
        .toFile(path.join(folder, `page-${i + 1}.png`))
    fs.writeFileSync(
      path.join(folder, 'ComicInfo.xml'),
      '<ComicInfo><LanguageISO>en</LanguageISO><Pages><Page Image="1" Description="A fox steals a hat." DescriptionFr="Un renard vole un chapeau."/></Pages></ComicInfo>',
    )
    const imported = await importImageFolder(t.db, t.deps.objects, folder, new Date(), { title: 'Fox' })
    expect(imported.detail).toContain('1 described (ComicInfo.xml)')
    const read = async (lang: 'en' | 'fr' | 'ja') =>
      (
        await t.call(endpoints.chapter, {
          params: { type: 'comic', id: imported.contentId, chapterId: imported.chapterId, salesType: 'product' },
          headers: { [HEADERS.language]: lang },
        })
      ).json().result as Chapter
    const [en, fr, ja] = [await read('en'), await read('fr'), await read('ja')]
    expect(en.images.map((image) => image.description ?? null)).toEqual([null, 'A fox steals a hat.', null])
    expect(fr.images[1]?.description).toBe('Un renard vole un chapeau.')
    expect(ja.images[1]).not.toHaveProperty('description')
    fs.rmSync(folder, { recursive: true, force: true })
  })
})
