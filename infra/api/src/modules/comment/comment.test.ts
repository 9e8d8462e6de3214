import { COMMENT_ISSUES, CONTENT_ISSUES, endpoints } from '@koma/contracts/server'
import type { LightMyRequestResponse } from 'fastify'
import { createTestApp, requestOf, type TestApp } from '../../test/testApp'
import { signIn } from '../../test/fixtures'
import { device, guest, readerIp, registerMember, sealed } from '../../test/account'

jest.setTimeout(180_000)

/** Community API (SPEC §2–§6, §9): two seeded members, other members' ids and hostile text. */
let t: TestApp
let author: Record<string, string>
let other: Record<string, string>
let authorId: number
let otherId: number
let target: { type: 'comic' | 'magazine_comic'; contentId: number; chapterId: number }

// Posting is rate-limited by the API clock (one per 10 s, ten per 10 minutes): each post moves
// the clock on a minute, so only the rate-limit test ever meets the limit. The per-address limit
// (limits.ts) counts real time: each post comes from its own address (readerIp).
let shift = 0
const tick = (ms = 61_000) => {
  shift += ms
  t.clock.setFakeTime(new Date(Date.now() + shift))
}

beforeAll(async () => {
  t = await createTestApp()
  author = await signIn(t, 'reader@koma.example', 'koma-reader-1')
  other = await signIn(t, 'reader2@koma.example', 'koma-reader-2')
  const ids = await t.db.selectFrom('members').select(['id', 'email']).where('email', 'in', ['reader@koma.example', 'reader2@koma.example']).execute()
  authorId = Number(ids.find((row) => row.email === 'reader@koma.example')!.id)
  otherId = Number(ids.find((row) => row.email === 'reader2@koma.example')!.id)
  const row = await t.db
    .selectFrom('chapters as ch')
    .innerJoin('contents as c', 'c.id', 'ch.content_id')
    .select(['ch.id as chapterId', 'c.id as contentId', 'c.type'])
    .where('c.mature', '=', false)
    .where('c.comment_enabled', '=', true)
    .where('ch.free', '=', true)
    .where('ch.aborted', '=', false)
    .where('ch.published_at', '<=', new Date())
    .orderBy('c.id')
    .orderBy('ch.sort')
    .executeTakeFirstOrThrow()
  target = { type: row.type, contentId: Number(row.contentId), chapterId: Number(row.chapterId) }
})
afterAll(async () => {
  await t?.close()
})

const msg = (response: LightMyRequestResponse) => response.json().message as string
const result = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json().result as T
interface CommentJson {
  id: number
  authorUserId: number
  body: string
  likes: number
  liked: boolean
  mine: boolean
  target?: { contentName: string; chapterName: string; chapterId: number }
}
interface ListJson {
  comments: CommentJson[]
  totalComments: number
}

async function post(cookies: Record<string, string>, comment: string, locale: 'en' | 'ja' | 'fr' = 'en', step?: number) {
  tick(step)
  return t.call(endpoints.postComment, {
    params: { type: target.type, id: target.contentId, chapterId: target.chapterId },
    cookies,
    body: { comment },
    locale,
    ip: readerIp(),
  })
}
async function posted(cookies: Record<string, string>, comment: string): Promise<CommentJson> {
  const response = await post(cookies, comment)
  expect([response.statusCode, response.body]).toEqual([200, expect.any(String)])
  return result<{ comment: CommentJson }>(response).comment
}
const list = async (cookies?: Record<string, string>, order: 'newest' | 'likes' = 'newest') =>
  result<ListJson>(
    await t.call(endpoints.chapterComments, { params: { type: target.type, id: target.contentId, chapterId: target.chapterId }, cookies, query: { order } }),
  )
const ids = (page: ListJson) => page.comments.map((comment) => comment.id)

describe('who may write (SPEC §6)', () => {
  const writes = () => [
    requestOf(endpoints.postComment, { params: { type: target.type, id: target.contentId, chapterId: target.chapterId } }),
    requestOf(endpoints.deleteComment, { params: { commentId: 1 } }),
    requestOf(endpoints.likeComment, { params: { commentId: 1 } }),
    requestOf(endpoints.unlikeComment, { params: { commentId: 1 } }),
    requestOf(endpoints.reportComment, { params: { commentId: 1, category: 'spam' } }),
    requestOf(endpoints.reportContent, { params: { type: target.type, id: target.contentId, chapterId: target.chapterId, category: 'image' } }),
    requestOf(endpoints.muteUser, { params: { userId: 1 } }),
    requestOf(endpoints.unmuteUser, { params: { userId: 1 } }),
  ]

  it('signed-out readers read comments but every write is a 401', async () => {
    expect((await t.call(endpoints.chapterComments, { params: { type: target.type, id: target.contentId, chapterId: target.chapterId } })).statusCode).toBe(200)
    for (const [method, url] of writes()) {
      const response = await t.call(method, url, { body: { comment: 'hello' }, headers: device('signed-out-reader') })
      expect([method, url, response.statusCode]).toEqual([method, url, 401])
    }
    expect((await t.call(endpoints.commentHistory)).statusCode).toBe(401)
    expect((await t.call(endpoints.mutedUsers)).statusCode).toBe(401)
  })

  it('a guest is refused with "Guest users cannot use this function." in their language', async () => {
    const { cookies } = await guest(t, 'community-guest-1')
    for (const [method, url] of writes()) {
      const response = await t.call(method as 'POST', url, { cookies, body: { comment: 'hello' }, headers: device('community-guest-1') })
      expect([url, response.statusCode, msg(response)]).toEqual([url, 403, 'Guest users cannot use this function.'])
    }
    const fr = await t.call(endpoints.postComment, {
      params: { type: target.type, id: target.contentId, chapterId: target.chapterId },
      cookies,
      body: { comment: 'bonjour' },
      locale: 'fr',
      headers: device('community-guest-1'),
    })
    expect(msg(fr)).toBe('Les utilisateurs invités ne peuvent pas utiliser cette fonction.')
    expect(
      (
        await t.call(endpoints.chapterComments, {
          params: { type: target.type, id: target.contentId, chapterId: target.chapterId },
          cookies,
          headers: device('community-guest-1'),
        })
      ).statusCode,
    ).toBe(200)
  })
})

describe('posting (SPEC §5: required, max 400)', () => {
  it('stores hostile text exactly as written and answers it back as data', async () => {
    const hostile = [
      '<script>alert(document.cookie)</script><img src=x onerror=alert(1)>',
      '\u202Egnp.exe \u2067right-to-left\u2069 isolates',
      'https://evil.example/?q=<b>bold</b> & "quotes" \'single\'',
      '  leading and trailing spaces kept  \n second line',
      "Robert'); DROP TABLE comments;--",
      '😀'.repeat(400),
    ]
    for (const body of hostile) {
      const comment = await posted(author, body)
      expect(comment.body).toBe(body)
      expect(comment.mine).toBe(true)
      const stored = await t.db.selectFrom('comments').select('body').where('id', '=', comment.id).executeTakeFirstOrThrow()
      expect(stored.body).toBe(body)
    }
    const page = await list(other)
    expect(page.comments.map((comment) => comment.body)).toEqual(expect.arrayContaining(hostile))
  })

  it('refuses empty, white-space-only, too long and control-character text with the SPEC message in ja, en and fr', async () => {
    const cases: [Record<string, string | string[]> | undefined, 'en' | 'ja' | 'fr', string][] = [
      [{ comment: '' }, 'en', 'Please enter a comment.'],
      [{ comment: '   \n\t\u3000\u200b ' }, 'fr', 'Merci de saisir un commentaire.'],
      [{}, 'ja', 'コメントを入力してください。'],
      [undefined, 'en', 'Please enter a comment.'],
      [{ comment: ['a', 'b'] }, 'en', 'Please enter a comment.'],
      [{ comment: 'x'.repeat(401) }, 'en', 'Please keep your comment to 400 characters or fewer.'],
      [{ comment: '<script>'.repeat(1280) }, 'fr', 'Votre commentaire doit contenir 400 caractères au maximum.'],
      [{ comment: 'nul \u0000 byte' }, 'en', 'Your comment contains characters that cannot be used.'],
      [{ comment: 'bell \u0007 and escape \u001b[31m' }, 'ja', 'コメントに使用できない文字が含まれています。'],
    ]
    const before = (await list()).totalComments
    for (const [body, locale, message] of cases) {
      tick()
      const response = await t.call(endpoints.postComment, {
        params: { type: target.type, id: target.contentId, chapterId: target.chapterId },
        cookies: author,
        body,
        locale,
      })
      expect([String(JSON.stringify(body)).slice(0, 40), response.statusCode, msg(response)]).toEqual([String(JSON.stringify(body)).slice(0, 40), 400, message])
    }
    expect((await list()).totalComments).toBe(before)
  })

  it('answers a body far past any limit with a client error, never 500', async () => {
    tick()
    const response = await t.call(endpoints.postComment, {
      params: { type: target.type, id: target.contentId, chapterId: target.chapterId },
      cookies: author,
      body: { comment: 'x'.repeat(2_000_000) },
    })
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
    expect(response.statusCode).toBeLessThan(500)
  })

  it('counts characters, not UTF-16 units: 400 emoji pass, 401 do not', async () => {
    expect((await post(author, '👍'.repeat(400))).statusCode).toBe(200)
    expect((await post(author, '👍'.repeat(401))).statusCode).toBe(400)
  })

  it('is rate-limited per member by the API clock', async () => {
    tick(10 * 60_000)
    expect((await post(author, 'first of a burst', 'en', 1_000)).statusCode).toBe(200)
    const fast = await t.call(endpoints.postComment, {
      params: { type: target.type, id: target.contentId, chapterId: target.chapterId },
      cookies: author,
      body: { comment: 'too soon' },
    })
    expect(fast.statusCode).toBe(429)
    expect(msg(fast)).toMatch(/^You are posting too quickly\. Please wait \d+ seconds and try again\.$/)
    // Another member is not held back by this one.
    expect(
      (
        await t.call(endpoints.postComment, {
          params: { type: target.type, id: target.contentId, chapterId: target.chapterId },
          cookies: other,
          body: { comment: 'my turn' },
        })
      ).statusCode,
    ).toBe(200)
    // Ten posts in ten minutes, then the eleventh waits for the window.
    tick(5_000)
    expect(
      (
        await t.call(endpoints.postComment, {
          params: { type: target.type, id: target.contentId, chapterId: target.chapterId },
          cookies: author,
          body: { comment: 'still too soon' },
        })
      ).statusCode,
    ).toBe(429)
    for (let i = 0; i < 9; i++) expect((await post(author, `steady ${i}`, 'en', 11_000)).statusCode).toBe(200)
    const eleventh = await post(author, 'one too many', 'en', 11_000)
    expect(eleventh.statusCode).toBe(429)
    tick(10 * 60_000)
    expect((await post(author, 'after the window')).statusCode).toBe(200)
  })

  it('answers 404 for chapters that do not exist or do not belong to the title, never 500', async () => {
    for (const url of [
      `/api/comment/${target.type}/${target.contentId}/999999999`,
      `/api/comment/${target.type}/999999999/${target.chapterId}`,
      `/api/comment/novel/${target.contentId}/${target.chapterId}`,
      `/api/comment/${target.type}/${target.contentId}/0${target.chapterId}`,
      `/api/comment/${target.type}/${target.contentId}/99999999999999999999999`,
    ]) {
      tick()
      expect([url, (await t.call('POST', url, { cookies: author, body: { comment: 'hello' } })).statusCode]).toEqual([url, 404])
      expect([url, (await t.call('GET', url)).statusCode]).toEqual([url, 404])
    }
  })

  it('refuses comments where the title has them closed', async () => {
    const closed = await t.db
      .selectFrom('chapters as ch')
      .innerJoin('contents as c', 'c.id', 'ch.content_id')
      .select(['ch.id', 'c.id as contentId', 'c.type'])
      .where('c.id', '!=', target.contentId)
      .where('ch.published_at', '<=', new Date())
      .orderBy('c.id')
      .executeTakeFirstOrThrow()
    await t.db.updateTable('contents').set({ comment_enabled: false }).where('id', '=', closed.contentId).execute()
    tick()
    const response = await t.call(endpoints.postComment, {
      params: { type: closed.type, id: closed.contentId, chapterId: closed.id },
      cookies: author,
      body: { comment: 'hello' },
    })
    expect([response.statusCode, msg(response)]).toEqual([403, 'Comments are closed for this title.'])
    await t.db.updateTable('contents').set({ comment_enabled: true }).where('id', '=', closed.contentId).execute()
  })
})

describe('counts and order', () => {
  it('totalComments follows posts and deletes, in the list and in the viewer chapter', async () => {
    const chapterTotal = async () =>
      result<{ totalComments: number }>(
        await t.call(endpoints.chapter, { params: { type: target.type, id: target.contentId, chapterId: target.chapterId, salesType: 'product' } }),
      ).totalComments
    const before = (await list()).totalComments
    expect(await chapterTotal()).toBe(before)
    const response = await post(author, 'counted')
    expect(result<{ totalComments: number }>(response).totalComments).toBe(before + 1)
    expect((await list()).totalComments).toBe(before + 1)
    expect(await chapterTotal()).toBe(before + 1)
    const id = result<{ comment: CommentJson }>(response).comment.id
    const deleted = await t.call(endpoints.deleteComment, { params: { commentId: id }, cookies: author })
    expect(result<{ totalComments: number }>(deleted).totalComments).toBe(before)
    expect((await list()).totalComments).toBe(before)
    expect(await chapterTotal()).toBe(before)
  })

  it('lists newest first, or most liked first', async () => {
    const newest = await list()
    expect(ids(newest)).toEqual([...ids(newest)].sort((a, b) => b - a))
    const liked = await list(undefined, 'likes')
    const likes = liked.comments.map((comment) => comment.likes)
    expect(likes).toEqual([...likes].sort((a, b) => b - a))
  })
})

describe('likes (SPEC §4: once per member)', () => {
  it('likes once; a second like, even crafted, is refused; unlike is allowed once', async () => {
    const comment = await posted(author, 'like me')
    const like = () => t.call(endpoints.likeComment, { params: { commentId: comment.id }, cookies: other })
    const first = await like()
    expect(result(first)).toEqual({ liked: true, likes: 1 })
    const second = await like()
    expect([second.statusCode, msg(second)]).toEqual([409, 'You have already liked this comment.'])
    const [third, fourth] = await Promise.all([like(), like()])
    expect([third.statusCode, fourth.statusCode]).toEqual([409, 409])
    const seen = (await list(other)).comments.find((item) => item.id === comment.id)!
    expect([seen.likes, seen.liked]).toEqual([1, true])
    expect((await list(author)).comments.find((item) => item.id === comment.id)!.liked).toBe(false)
    const unlike = await t.call(endpoints.unlikeComment, { params: { commentId: comment.id }, cookies: other })
    expect(result(unlike)).toEqual({ liked: false, likes: 0 })
    const again = await t.call(endpoints.unlikeComment, { params: { commentId: comment.id }, cookies: other })
    expect([again.statusCode, msg(again)]).toEqual([409, 'You have not liked this comment.'])
    expect((await list()).comments.find((item) => item.id === comment.id)!.likes).toBe(0)
  })

  it('answers 404 for comments that do not exist or were deleted', async () => {
    const comment = await posted(author, 'soon gone')
    await t.call(endpoints.deleteComment, { params: { commentId: comment.id }, cookies: author })
    for (const id of [comment.id, 999999999, 'abc', '-1']) {
      expect((await t.call(endpoints.likeComment, { params: { commentId: id }, cookies: other })).statusCode).toBe(404)
    }
  })
})

describe('a deleted member (the delete-account page says their comments are no longer shown)', () => {
  it('takes their comments out of every list and every count', async () => {
    const leaving = await registerMember(t, { ip: readerIp() })
    const comment = await posted(leaving.cookies, 'goodbye, everyone')
    const chapterTotal = async () =>
      result<{ totalComments: number }>(
        await t.call(endpoints.chapter, { params: { type: target.type, id: target.contentId, chapterId: target.chapterId, salesType: 'product' } }),
      ).totalComments
    const episodeTotal = async () =>
      result<{ chapters: { id: number; totalComments: number }[] }>(
        await t.call(endpoints.content, { params: { type: target.type, id: target.contentId }, cookies: other }),
      ).chapters.find((chapter) => chapter.id === target.chapterId)!.totalComments
    const before = { list: (await list()).totalComments, chapter: await chapterTotal(), episodes: await episodeTotal() }
    expect(ids(await list())).toContain(comment.id)
    expect(before.chapter).toBe(before.list)
    expect(before.episodes).toBe(before.list)
    const deleted = await t.call(endpoints.deleteMember, {
      params: { userId: 'me' },
      cookies: leaving.cookies,
      body: { reason: 'other', ...(await sealed(t, { currentPassword: leaving.password })) },
    })
    expect(deleted.statusCode).toBe(200)
    expect(ids(await list())).not.toContain(comment.id)
    expect((await list()).totalComments).toBe(before.list - 1)
    expect(await chapterTotal()).toBe(before.chapter - 1)
    expect(await episodeTotal()).toBe(before.episodes - 1)
    const page = await t.call(endpoints.authorComments, { params: { authorUserId: leaving.userId } })
    expect(page.body).not.toContain('goodbye, everyone')
  })
})

describe('deleting (own comments only)', () => {
  it("refuses another member's comment with 403 and keeps it", async () => {
    const comment = await posted(author, 'mine to keep')
    const crafted = await t.call(endpoints.deleteComment, { params: { commentId: comment.id }, cookies: other })
    expect([crafted.statusCode, msg(crafted)]).toEqual([403, 'You can only delete your own comments.'])
    expect(ids(await list())).toContain(comment.id)
    const own = await t.call(endpoints.deleteComment, { params: { commentId: comment.id }, cookies: author })
    expect(result(own)).toMatchObject({ deleted: true })
    expect(ids(await list())).not.toContain(comment.id)
    expect((await t.call(endpoints.deleteComment, { params: { commentId: comment.id }, cookies: author })).statusCode).toBe(404)
  })
})

describe('reports (SPEC §4: hidden for the reporter at once, queued)', () => {
  it('hides the comment for the reporter only, queues it once, and says 208 on a repeat', async () => {
    const comment = await posted(author, 'reported soon')
    const report = (category: string, body?: Record<string, string>) =>
      t.call(endpoints.reportComment, { params: { commentId: comment.id, category }, cookies: other, body })
    const bad = await report('not-a-category')
    expect([bad.statusCode, msg(bad)]).toEqual([400, 'Please select a report category.'])
    const contentCode = await t.call(endpoints.reportComment, { params: { commentId: comment.id, category: 'image' }, cookies: other, locale: 'fr' })
    expect([contentCode.statusCode, msg(contentCode)]).toEqual([400, 'Veuillez choisir un motif de signalement.'])
    const long = await report('spam', { message: 'x'.repeat(10_240) })
    expect(long.statusCode).toBe(400)
    const first = await report('spam', { message: '<script>alert(1)</script>' })
    expect([first.statusCode, result(first)]).toEqual([200, { reported: true, created: true }])
    expect(ids(await list(other))).not.toContain(comment.id)
    expect(ids(await list(author))).toContain(comment.id)
    expect(ids(await list())).toContain(comment.id)
    const repeat = await report('other')
    expect([repeat.statusCode, result(repeat)]).toEqual([208, { reported: true, created: false }])
    const queued = await t.db.selectFrom('comment_reports').selectAll().where('comment_id', '=', comment.id).execute()
    expect(queued.map((row) => [Number(row.reporter_id), row.category, row.status, row.message])).toEqual([
      [otherId, 'spam', 'queued', '<script>alert(1)</script>'],
    ])
  })

  it('refuses reporting your own comment', async () => {
    const comment = await posted(author, 'cannot report myself')
    const response = await t.call(endpoints.reportComment, { params: { commentId: comment.id, category: 'spam' }, cookies: author })
    expect([response.statusCode, msg(response)]).toEqual([403, 'You cannot report your own comment.'])
  })

  it('serves the category lists from configuration in the reader language', async () => {
    const config = result<{ commentIssues: { code: string; label: string }[]; contentIssues: { code: string; label: string }[] }>(
      await t.call(endpoints.reportConfig, { locale: 'ja' }),
    )
    expect(config.commentIssues.map((item) => item.code)).toEqual([...COMMENT_ISSUES])
    expect(config.contentIssues.map((item) => item.code)).toEqual([...CONTENT_ISSUES])
    expect(config.commentIssues.find((item) => item.code === 'other')!.label).toBe('その他')
  })

  it('files content reports with the content issue codes', async () => {
    const first = await t.call(endpoints.reportContent, {
      params: { type: target.type, id: target.contentId, chapterId: target.chapterId, category: 'image' },
      cookies: other,
      body: { message: 'page 3 is blank' },
    })
    expect([first.statusCode, result(first)]).toEqual([200, { reported: true, created: true }])
    expect(
      (
        await t.call(endpoints.reportContent, {
          params: { type: target.type, id: target.contentId, chapterId: target.chapterId, category: 'image' },
          cookies: other,
        })
      ).statusCode,
    ).toBe(208)
    // Not a content report category: a raw path.
    const wrong = await t.call('POST', `/api/${target.type}/${target.contentId}/chapter/${target.chapterId}/report/spam`, { cookies: other })
    expect([wrong.statusCode, msg(wrong)]).toEqual([400, 'Please select a report category.'])
    expect(
      (
        await t.call(endpoints.reportContent, {
          params: { type: target.type, id: target.contentId, chapterId: '999999999', category: 'image' },
          cookies: other,
        })
      ).statusCode,
    ).toBe(404)
    const rows = await t.db.selectFrom('content_reports').selectAll().where('reporter_id', '=', otherId).execute()
    expect(rows.map((row) => [Number(row.chapter_id), row.category, row.status, row.message])).toEqual([
      [target.chapterId, 'image', 'queued', 'page 3 is blank'],
    ])
  })
})

describe('mutes', () => {
  it("hides all of a member's comments for the muter only, until unmuted", async () => {
    const comment = await posted(author, 'muted soon')
    expect(ids(await list(other))).toContain(comment.id)
    const mute = await t.call(endpoints.muteUser, { params: { userId: authorId }, cookies: other })
    expect(result(mute)).toEqual({ muted: true })
    expect((await t.call(endpoints.muteUser, { params: { userId: authorId }, cookies: other })).statusCode).toBe(200)
    const hidden = await list(other)
    expect(hidden.comments.filter((item) => item.authorUserId === authorId)).toEqual([])
    expect(ids(await list(author))).toContain(comment.id)
    const page = result<ListJson & { author: { muted: boolean } }>(
      await t.call(endpoints.authorComments, { params: { authorUserId: authorId }, cookies: other }),
    )
    expect([page.author.muted, page.comments]).toEqual([true, []])
    const muted = result<{ users: { userId: number }[] }>(await t.call(endpoints.mutedUsers, { cookies: other }))
    expect(muted.users.map((user) => user.userId)).toEqual([authorId])
    expect(result(await t.call(endpoints.unmuteUser, { params: { userId: authorId }, cookies: other }))).toEqual({ muted: false })
    expect(ids(await list(other))).toContain(comment.id)
  })

  it('refuses muting yourself, unknown members and guests', async () => {
    const self = await t.call(endpoints.muteUser, { params: { userId: otherId }, cookies: other })
    expect([self.statusCode, msg(self)]).toEqual([400, 'You cannot mute yourself.'])
    expect((await t.call(endpoints.muteUser, { params: { userId: '999999999' }, cookies: other })).statusCode).toBe(404)
    const { userId } = await guest(t, 'community-guest-2')
    expect((await t.call(endpoints.muteUser, { params: { userId }, cookies: other })).statusCode).toBe(404)
  })
})

describe('member comment lists', () => {
  it("a member's public comments name where they were written; unknown and guest ids are 404", async () => {
    const comment = await posted(author, 'on my page')
    const page = result<ListJson & { author: { userId: number; nickname: string; mine: boolean } }>(
      await t.call(endpoints.authorComments, { params: { authorUserId: authorId } }),
    )
    expect(page.author).toMatchObject({ userId: authorId, nickname: 'Reader', mine: false })
    const shown = page.comments.find((item) => item.id === comment.id)!
    expect(shown.target).toMatchObject({ chapterId: target.chapterId })
    expect(shown.target!.contentName.length).toBeGreaterThan(0)
    expect(page.comments.every((item) => item.authorUserId === authorId)).toBe(true)
    expect((await t.call(endpoints.authorComments, { params: { authorUserId: '999999999' } })).statusCode).toBe(404)
    const { userId } = await guest(t, 'community-guest-3')
    expect((await t.call(endpoints.authorComments, { params: { authorUserId: userId } })).statusCode).toBe(404)
  })

  it("the history holds the caller's own comments only, and deleted ones leave it", async () => {
    const mine = await posted(author, 'in my history')
    const theirs = await posted(other, 'in their history')
    const history = result<ListJson>(await t.call(endpoints.commentHistory, { cookies: author }))
    expect(ids(history)).toContain(mine.id)
    expect(ids(history)).not.toContain(theirs.id)
    expect(history.comments.every((item) => item.mine && item.authorUserId === authorId)).toBe(true)
    await t.call(endpoints.deleteComment, { params: { commentId: mine.id }, cookies: author })
    expect(ids(result<ListJson>(await t.call(endpoints.commentHistory, { cookies: author })))).not.toContain(mine.id)
  })
})
