import { endpoints } from '@koma/contracts/server'
import type { Endpoints } from '@koma/contracts/server'
import type { LightMyRequestResponse } from 'fastify'
import type { Caller, World } from '../world'
import { first } from '../lists'
import { callAs, tinyPng } from '../world'
import { anyone, expectContains, members, OK, perWorld, signedIn, single, type Case, type Expectation, type Outcomes } from './rules'

/**
 * Platform, discovery and reading. Paid content (SPEC §1, issue 11): the chapter call, the EPUB
 * manifest and files of a paid chapter answer only an entitled reader (here the owner, who bought
 * them); page images are served only through the short-lived URLs the chapter call signs, and a
 * bare page id is the same 404 as a missing one, for everyone, the owner included.
 */
const paidOnly: Outcomes = { visitor: 401, guest: 403, member: 403, owner: OK }

/**
 * A mature title (SPEC §6, issue 33): read only by a member whose adult verification is valid and
 * whose mature setting is on (the owner); everyone else gets SPEC §8's 451, whatever they claim:
 * every caller below says Y by the accept-mature header and cookie (the adult check's answer).
 */
const adultsOnly: Outcomes = { visitor: 451, guest: 451, member: 451, owner: OK }
const SAYS_ADULT = { headers: { 'x-koma-accept-mature': 'Y' }, cookies: { koma_accept_mature: 'Y' } }

/** The owner's call of the mature chapter: its signed page URL. */
const maturePage = perWorld(async (w) => {
  const { mature } = w.chapters
  const response = await callAs(w.t, w.callers.owner, endpoints.chapter, {
    params: { type: mature.type, id: mature.contentId, chapterId: mature.chapterId, salesType: 'product' },
  })
  if (response.statusCode !== 200) throw new Error(`owner's mature chapter: ${response.statusCode} ${response.body.slice(0, 200)}`)
  return first(response.json().result.images as PageImage[], 'mature pages').url
})

const chapterPath = (c: World['chapters']['owned']) => ({ type: c.type, id: c.contentId, chapterId: c.chapterId })

type PageImage = { url: string; tiles?: { url: string }[] }

/**
 * Your reading (issue 37 item 6): members only (a guest is asked to sign up), and each sees their
 * own alone. New callers; the owner has read the free chapter: only the owner's answer counts it.
 */
const ownReading = (name: string): Expectation => ({
  fresh: true,
  setup: async (w) => {
    const { free } = w.chapters
    const response = await callAs(w.t, w.callers.owner, endpoints.readProgress, {
      params: { type: free.type, id: free.contentId, chapterId: free.chapterId },
      body: { href: 'p1', type: 'image/jpeg', progression: '0.5', totalProgression: '0.5', position: '1' },
    })
    if (response.statusCode !== 200) throw new Error(`owner's progress: ${response.statusCode} ${response.body.slice(0, 200)}`)
  },
  cases: [
    {
      name,
      request: () => ({}),
      expect: members,
      check: (response, caller) => {
        if (response.statusCode === 200) expectContains(response, '"chaptersRead":1,', caller.who === 'owner')
      },
    },
  ],
})

/** The owner's chapter call: the signed URLs of the paid pages. */
const signedPages = perWorld(async (w) => {
  const { owned } = w.chapters
  const response = await callAs(w.t, w.callers.owner, endpoints.chapter, {
    params: { type: owned.type, id: owned.contentId, chapterId: owned.chapterId, salesType: 'product' },
  })
  if (response.statusCode !== 200) throw new Error(`owner's chapter: ${response.statusCode}`)
  const images = response.json().result.images as PageImage[]
  const tiled = images.find((image) => image.tiles && image.tiles.length > 1)
  const [tile] = tiled?.tiles ?? []
  if (!tiled?.tiles || !tile) throw new Error('the owned chapter has no tiled page')
  return { page: first(images, 'pages').url, tile: tile.url, tiles: tiled.tiles.length, tiledId: Number(/\/api\/image\/(\d+)/.exec(tiled.url)?.[1]) }
})

/** The paid novel chapter's manifests, as its owner gets them: a document and a file past the trial, and the trial's own. */
const novelFiles = perWorld(async (w) => {
  const { novel } = w.chapters
  const publication = async (salesType: string) => {
    const response = await callAs(w.t, w.callers.owner, endpoints.chapterEpub, {
      params: { type: novel.type, id: novel.contentId },
      query: { chapterId: String(novel.chapterId), chapterFileSalesType: salesType },
    })
    if (response.statusCode !== 200) throw new Error(`owner's novel ${salesType}: ${response.statusCode}`)
    return response.json().result.manifest as { readingOrder: { href: string }[]; resources?: { href: string }[] }
  }
  const [product, trial] = await Promise.all([publication('product'), publication('trial')])
  const inTrial = new Set(trial.readingOrder.map((link) => link.href))
  const pastTrial = product.readingOrder
    .map((link) => link.href)
    .filter((href) => !inTrial.has(href))
    .at(-1)
  if (pastTrial === undefined) throw new Error('the novel has no document past its trial')
  return { pastTrial, trialDocument: first(trial.readingOrder, 'trial documents').href, resource: product.resources?.[0]?.href ?? null }
})

/** An inquiry attachment (stored as a private image). */
const attachmentId = perWorld(async (w) => {
  const upload = await callAs(w.t, w.callers.visitor, endpoints.inquiryImage, { raw: await tinyPng(), headers: { 'content-type': 'image/png' } })
  const token = upload.json().result.imageId as string
  return Number((await w.t.db.selectFrom('inquiry_uploads').select('image_id').where('token', '=', token).executeTakeFirstOrThrow()).image_id)
})

const novelFile = (salesType: 'product' | 'trial', file: (files: Awaited<ReturnType<typeof novelFiles>>) => string | null) => async (w: World) => {
  const { novel } = w.chapters
  const path = file(await novelFiles(w))
  if (!path) throw new Error('no such file in the novel')
  return { params: { type: novel.type, id: novel.contentId, chapterId: novel.chapterId, salesType, '*': path } }
}

export const readingExpectations = {
  clientIp: single('the IP lookup', () => ({}), anyone()),
  image: {
    cases: [
      { name: 'a public image (cover) by its id', request: (w) => ({ params: { imageId: w.publicImageId }, query: { w: '320' } }), expect: anyone() },
      { name: 'a paid page by its bare id', request: (w) => ({ params: { imageId: w.pageImageIds[0] }, query: { w: '320' } }), expect: anyone(404) },
      {
        name: 'a paid page through the URL the chapter call signed for its owner',
        request: async (w) => ({ url: `${(await signedPages(w)).page}&w=320` }),
        expect: anyone(),
      },
      {
        name: 'a paid page with a forged signature',
        request: async (w) => ({ url: `${(await signedPages(w)).page.replace(/s=[\w-]+/, () => `s=${'A'.repeat(22)}`)}&w=320` }),
        expect: anyone(404),
      },
      {
        name: 'a mature title’s page through the URL signed for the owner, every caller saying Y',
        request: async (w) => ({ url: `${await maturePage(w)}&w=320`, ...SAYS_ADULT }),
        expect: adultsOnly,
        check: (response, caller) => {
          if (caller.who === 'owner' && !/\bprivate\b/.test(String(response.headers['cache-control'])))
            throw new Error(`a shared cache may keep it: ${response.headers['cache-control']}`)
        },
      },
      {
        name: 'a mature title’s episode thumbnail by its id, every caller saying Y',
        request: (w) => ({ params: { imageId: w.chapters.mature.thumbnailImageId }, query: { w: '320' }, ...SAYS_ADULT }),
        expect: adultsOnly,
      },
      {
        name: 'an inquiry attachment by its id',
        request: async (w) => ({ params: { imageId: await attachmentId(w) }, query: { w: '320' } }),
        expect: anyone(404),
      },
    ],
  },
  imageTile: {
    cases: [
      {
        name: 'a band of a paid page by its bare id',
        request: async (w) => {
          const pages = await signedPages(w)
          return { params: { imageId: pages.tiledId, index: 0, count: pages.tiles }, query: { w: '320' } }
        },
        expect: anyone(404),
      },
      { name: 'a band through its signed URL', request: async (w) => ({ url: `${(await signedPages(w)).tile}&w=320` }), expect: anyone() },
    ],
  },
  pushEmailReport: single('an e-mail link report', () => ({ params: { mmid: 'm-access', mmc: 'c-access' } }), anyone()),

  analyticsEvents: single(
    'a batch of analytics events (anyone may report their own page views)',
    () => ({ body: { events: JSON.stringify([{ name: 'page_view', path: '/comic/1', at: 1_700_000_000_000 }]) } }),
    anyone(),
  ),
  sitemapTitles: single('the sitemap titles (public list, no member data)', () => ({}), anyone()),
  home: single('the home', () => ({ params: { lang: 'en' } }), anyone()),
  homeMature: single('the mature home: verified adults with mature content on only', () => ({ params: { lang: 'en' } }), {
    visitor: 428,
    guest: 428,
    member: 428,
    owner: OK,
  }),
  content: {
    cases: [
      { name: 'an episode list', request: (w) => ({ params: { type: w.chapters.free.type, id: w.chapters.free.contentId } }), expect: anyone() },
      {
        name: 'a mature title’s episode list, every caller saying Y',
        request: (w) => ({ params: { type: w.chapters.mature.type, id: w.chapters.mature.contentId }, ...SAYS_ADULT }),
        expect: adultsOnly,
      },
    ],
  },
  contentUnit: {
    cases: (
      (['chapter', 'volume'] as const).map((unit) => ({
        name: `the episodes by ${unit}: the owned chapter is unlocked for its owner only`,
        request: (w: World) => ({ params: { type: w.chapters.owned.type, id: w.chapters.owned.contentId, unit } }),
        expect: anyone(),
        check: (response: LightMyRequestResponse, caller: Caller, w: World) => {
          const list = response.json().result as { chapters: { id: number; activity: { unlocked: boolean } }[] }
          const owned = list.chapters.find((chapter) => chapter.id === w.chapters.owned.chapterId)
          if (!owned) throw new Error(`the owned chapter is missing: ${response.body.slice(0, 300)}`)
          if (owned.activity.unlocked !== (caller.who === 'owner'))
            throw new Error(`${caller.who} sees the owned chapter as unlocked=${owned.activity.unlocked}`)
        },
      })) as Case[]
    ).concat({
      name: 'a mature title’s episodes by chapter, every caller saying Y',
      request: (w: World) => ({ params: { type: w.chapters.mature.type, id: w.chapters.mature.contentId, unit: 'chapter' }, ...SAYS_ADULT }),
      expect: adultsOnly,
    }),
  },
  menuList: {
    cases: [
      { name: 'the new releases', request: () => ({ params: { holder: 'all_comic', code: 'new' } }), expect: anyone() },
      {
        name: 'the adult menu: signed in, verified, mature on',
        request: () => ({ params: { holder: 'all_comic', code: 'adult' } }),
        expect: { visitor: 401, guest: 428, member: 428, owner: OK },
      },
    ],
  },
  menuGenre: single(
    'a genre',
    async (w) => ({ params: { holder: 'all_comic', genre: (await w.t.db.selectFrom('genres').select('code').orderBy('id').executeTakeFirstOrThrow()).code } }),
    anyone(),
  ),
  events: single('the events', () => ({ params: { prefix: 'all_comic' } }), anyone()),
  promotion: single('a promotion', (w) => ({ params: { id: w.ids.promotion } }), anyone()),
  contentCatalog: single('a catalogue', (w) => ({ params: { id: w.ids.catalog } }), anyone()),
  search: single('a search', () => ({ body: { query: 'a' } }), anyone()),
  comingSoon: single('a coming-soon title', (w) => ({ params: { type: w.comingSoon.type, id: w.comingSoon.id } }), anyone()),
  releaseNotificationOn: single('release notification on', (w) => ({ params: { type: w.comingSoon.type, id: w.comingSoon.id } }), signedIn),
  releaseNotificationOff: single('release notification off', (w) => ({ params: { type: w.comingSoon.type, id: w.comingSoon.id } }), signedIn),
  library: single(
    "the library (subscribed): the caller's own",
    () => ({ params: { tab: 'subscribed' } }),
    signedIn,
    (response, caller, w) => {
      if (response.statusCode === 200) expectContains(response, `"id":${w.ownerLibraryContentId},`, caller.who === 'owner')
    },
  ),
  readingStats: ownReading('your reading: the caller’s own figures'),
  readingExport: ownReading('your reading data as a file: the caller’s own'),
  subscribe: single('subscribe', (w) => ({ params: { type: w.library.type, id: w.library.id } }), signedIn),
  unsubscribe: single('unsubscribe', (w) => ({ params: { type: w.library.type, id: w.library.id } }), signedIn),
  hide: single('hide', (w) => ({ params: { type: w.library.type, id: w.library.id } }), signedIn),
  unhide: single('unhide', (w) => ({ params: { type: w.library.type, id: w.library.id } }), signedIn),

  chapter: {
    cases: [
      { name: 'a paid chapter: its buyer only', request: (w) => ({ params: { ...chapterPath(w.chapters.owned), salesType: 'product' } }), expect: paidOnly },
      { name: 'a free chapter', request: (w) => ({ params: { ...chapterPath(w.chapters.free), salesType: 'product' } }), expect: anyone() },
      {
        name: 'a free chapter of a mature title, every caller saying Y',
        request: (w) => ({ params: { ...chapterPath(w.chapters.mature), salesType: 'product' }, ...SAYS_ADULT }),
        expect: adultsOnly,
      },
    ],
  },
  chapterEpub: {
    cases: [
      {
        name: 'a paid novel chapter: its buyer only',
        request: (w) => ({
          params: { type: w.chapters.novel.type, id: w.chapters.novel.contentId },
          query: { chapterId: String(w.chapters.novel.chapterId), chapterFileSalesType: 'product' },
        }),
        expect: paidOnly,
      },
      {
        name: 'its trial',
        request: (w) => ({
          params: { type: w.chapters.novel.type, id: w.chapters.novel.contentId },
          query: { chapterId: String(w.chapters.novel.chapterId), chapterFileSalesType: 'trial' },
        }),
        expect: anyone(),
      },
    ],
  },
  epubResource: {
    cases: [
      { name: "the paid chapter's manifest", request: novelFile('product', () => 'manifest.json'), expect: paidOnly },
      { name: 'a document past the trial', request: novelFile('product', (files) => files.pastTrial), expect: paidOnly },
      { name: 'a file of the paid book (stylesheet, image)', request: novelFile('product', (files) => files.resource), expect: paidOnly },
      { name: "the trial's own document", request: novelFile('trial', (files) => files.trialDocument), expect: anyone() },
      { name: 'a document past the trial, asked for under the trial', request: novelFile('trial', (files) => files.pastTrial), expect: anyone(404) },
      // The trial stops at the trial for every file type (viewer/epub/servable.ts); the package
      // files are never served (the paid part's images and styles: viewer.test.ts, on real books).
      { name: 'the container file, asked for under the trial', request: novelFile('trial', () => 'META-INF/container.xml'), expect: anyone(404) },
      { name: 'the mimetype file, asked for under the trial', request: novelFile('trial', () => 'mimetype'), expect: anyone(404) },
    ],
  },
  readProgress: single(
    'save a reading position',
    (w) => ({ params: chapterPath(w.chapters.free), body: { href: '1', type: 'image/webp', progression: '0.5', totalProgression: '0.25', position: '1' } }),
    signedIn,
  ),
  readFinished: single('finish a chapter', (w) => ({ params: chapterPath(w.chapters.free), body: {} }), signedIn),
} satisfies { [K in keyof Endpoints]?: Expectation }
