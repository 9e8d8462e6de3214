import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { insertImage } from '../modules/image/stored'
import type { ObjectStore } from '../storage'
import { buildEpub } from '../modules/viewer/epub/build'
import { importEpubBytes } from '../modules/viewer/epub/store'
import { attachEpub, insertChapter, insertTitle, titleCover } from '../modules/viewer/importer'
import { Rng } from './random'
import { NOVELS, volumeTitle } from './texts/novels'

const DAY = 86_400_000

/** Paragraphs for one section: the novel's sentences in a shuffled order, 3 to 5 per paragraph, none twice in a row. */
function prose(sentences: string[], rng: Rng, paragraphs: number, joiner: string): string[] {
  let deck: string[] = []
  const draw = () => {
    if (deck.length === 0) deck = rng.shuffle(sentences)
    return deck.pop() as string
  }
  return Array.from({ length: paragraphs }, () => Array.from({ length: rng.int(3, 5) }, draw).join(joiner))
}

/**
 * The novels of the catalogue, as real EPUB 3 files built here (one per volume, with a cover,
 * a navigation document and three sections): Japanese in vertical writing read right to left,
 * English and French left to right. Volume 1 is free; later volumes are sold, with a trial.
 */
export async function seedNovels(
  db: Kysely<Database>,
  objects: ObjectStore,
  now: Date,
): Promise<{ contents: number; chapters: number; images: number; imageBytes: number }> {
  let chapters = 0
  let imageBytes = 0
  for (const novel of NOVELS) {
    const rng = new Rng(`koma-seed/novel/${novel.name.en}`)
    const title = novel.name[novel.language]
    const author = novel.author[novel.language]
    const cover = titleCover(title, author, novel.hue)
    const coverId = await insertImage(db, objects, { width: 192, height: 272, mime: 'image/svg+xml', access: 'public', created_at: now }, Buffer.from(cover))
    imageBytes += Buffer.byteLength(cover)
    const contentId = await insertTitle(db, {
      name: novel.name,
      description: novel.description,
      author: novel.author,
      orientation: 'paged',
      readingDirection: novel.vertical ? 'rtl' : 'ltr',
      format: 'epub',
      coverImageId: coverId,
      hue: novel.hue,
      now: new Date(now.getTime() - 90 * DAY),
    })
    for (const [volumeIndex, volumeSections] of novel.sections.entries()) {
      const volume = volumeIndex + 1
      const vrng = rng.fork(`volume-${volume}`)
      const joiner = novel.language === 'ja' ? '' : ' '
      const bytes = buildEpub({
        identifier: `urn:koma:novel:${contentId}:${volume}`,
        title: `${title} ${volumeTitle(volume)[novel.language]}`,
        author,
        language: novel.language,
        vertical: novel.vertical,
        coverSvg: cover,
        modified: now,
        sections: volumeSections.map((sectionTitle, index) => ({
          title: sectionTitle,
          paragraphs: prose(novel.sentences, vrng.fork(index), 10, joiner),
        })),
      })
      const { epubId, parsed } = await importEpubBytes(db, objects, bytes)
      const free = volume === 1
      const chapterId = await insertChapter(db, contentId, volume, coverId, {
        name: volumeTitle(volume),
        free,
        price: 4,
        hasTrial: !free,
        publishedAt: new Date(now.getTime() - (novel.sections.length - volume) * 30 * DAY),
      })
      await attachEpub(db, chapterId, epubId, parsed.manifest.readingOrder.length, !free)
      chapters++
    }
  }
  return { contents: NOVELS.length, chapters, images: NOVELS.length, imageBytes }
}
