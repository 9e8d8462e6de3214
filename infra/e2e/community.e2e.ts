import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { apiGet, findTitle, seededTitles } from './support/api'
import { DESKTOP, launchBrowser, newContext, PHONE, trackErrors } from './support/browser'
import { eventually, textOf } from './support/eventually'
import { SEEDED_READER, signedIn } from './support/members'

/**
 * Community end to end: two seeded members in two browser contexts. One posts; the other likes,
 * reports and mutes; the reporter no longer sees the comment, the author still does.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const AUTHOR = SEEDED_READER
const READER = { email: 'reader2@koma.example', password: 'koma-reader-2' }
/** Set KOMA_E2E_SHOTS to a folder to keep screenshots of the community screens. */
const SHOTS = process.env.KOMA_E2E_SHOTS

async function shot(page: Page, name: string) {
  if (!SHOTS) return
  fs.mkdirSync(SHOTS, { recursive: true })
  const size = page.viewportSize()
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport)
    // Two frames: the resize has been laid out and painted.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`), fullPage: false })
  }
  if (size) await page.setViewportSize(size)
}

const commentWith = (page: Page, text: string): Locator =>
  page.getByTestId('comment').filter({ has: page.getByTestId('comment-body').getByText(text, { exact: true }) })

async function post(page: Page, text: string) {
  await page.getByTestId('comment-input').fill(text)
  await page.getByTestId('comment-submit').click()
}

/** A free episode of a vertical title open to comments that nobody has commented on yet (the viewer slot shows the top 3). */
async function quietChapter() {
  const titles = (await seededTitles()).filter((t) => !t.mature && t.orientation === 'vertical' && t.chapterFileFormat === 'image' && t.commentEnabled)
  for (const title of titles) {
    for (const chapter of title.chapters.filter((c) => c.salesConfig.free && !c.aborted).slice(2)) {
      const { result } = await apiGet<{ totalComments: number }>(`/comment/${title.type}/${title.id}/${chapter.id}`)
      if (result?.totalComments === 0) return { title, chapter }
    }
  }
  throw new Error('no free episode without comments')
}

describe('comments between two members', () => {
  it('one posts; the other likes, reports and mutes; the reporter no longer sees it, the author still does', async () => {
    const { title, chapter } = await quietChapter()
    const commentsPath = `/en/comment/${title.type}/${title.id}/${chapter.id}`
    const viewerPath = `/en/${title.type}/${title.id}/chapter/${chapter.id}/product`
    const stamp = Date.now().toString(36)
    const first = `<b>Loved it</b> https://example.com/${stamp} \u202Eright-to-left`
    const second = `Second thought ${stamp}`

    const authorContext = await newContext(browser, { viewport: PHONE })
    const readerContext = await newContext(browser, { viewport: DESKTOP })
    const author = await signedIn(authorContext, commentsPath, AUTHOR)
    const authorErrors = trackErrors(author)
    await author.getByTestId('comment-form').waitFor()

    // White space alone is refused in the reader's language, before the API is asked.
    await post(author, '   ')
    await textOf(author.getByTestId('comment-error'), 'Please enter a comment.')
    // Posted as written, shown as text: no markup, no live link.
    await post(author, first)
    const mine = commentWith(author, first)
    await mine.waitFor()
    expect(await mine.locator('b, a[href*="example.com"]').count()).toBe(0)
    await shot(author, 'comments')
    // Posting again straight away meets the per-member rate limit.
    await post(author, second)
    await textOf(author.getByTestId('comment-error'), /^You are posting too quickly/)

    // The other member reads it under the chapter in the viewer, and reports a problem with the episode.
    const reader = await signedIn(readerContext, viewerPath, READER)
    const readerErrors = trackErrors(reader)
    await reader.getByTestId('viewer-report').click()
    await reader.getByTestId('dialog-report').waitFor()
    // aria-disabled: Playwright would wait for it to be enabled; a reader can still click it.
    await reader.getByTestId('report-send').click({ force: true })
    await textOf(reader.getByTestId('notification'), 'Select a report category.')
    await reader.getByLabel('Images do not load or look broken').check()
    await shot(reader, 'content-report')
    await reader.getByTestId('report-send').click()
    await reader.getByTestId('report-done').waitFor()
    await reader.getByTestId('report-ok').click()
    const slot = reader.getByTestId('chapter-comments-slot')
    await slot.scrollIntoViewIfNeeded()
    await commentWith(reader, first).waitFor()
    await shot(reader, 'viewer-slot')
    await slot.getByTestId('see-all-comments').click()
    await reader.waitForURL((url) => url.pathname === commentsPath)

    // Like once: the button stays pressed after a reload, the count is 1.
    const theirs = commentWith(reader, first)
    await theirs.getByTestId('comment-like').click()
    await eventually(
      () => theirs.getByTestId('comment-like').getAttribute('aria-pressed'),
      (value) => value === 'true',
    )
    await reader.reload()
    await eventually(
      () => commentWith(reader, first).getByTestId('comment-like').getAttribute('aria-pressed'),
      (value) => value === 'true',
    )
    await textOf(commentWith(reader, first).getByTestId('comment-likes'), '1')

    // Report: send is disabled without a category (2 s notification), then hidden for the reporter at once.
    await commentWith(reader, first).getByTestId('comment-more').click()
    await reader.getByTestId('comment-report').click()
    await reader.getByTestId('dialog-report').waitFor()
    expect(await reader.getByTestId('report-send').getAttribute('aria-disabled')).toBe('true')
    // aria-disabled: Playwright would wait for it to be enabled; a reader can still click it.
    await reader.getByTestId('report-send').click({ force: true })
    await textOf(reader.getByTestId('notification'), 'Select a report category.')
    await reader.getByLabel('Spam or advertising').check()
    await reader.getByTestId('report-message').fill('<script>alert(1)</script>')
    await shot(reader, 'comment-report')
    await reader.getByTestId('report-send').click()
    await reader.getByTestId('report-done').waitFor()
    await reader.getByTestId('report-ok').click()
    await eventually(
      () => commentWith(reader, first).count(),
      (count) => count === 0,
    )

    // The author still sees it, with its like.
    await author.reload()
    await commentWith(author, first).waitFor()
    await textOf(commentWith(author, first).getByTestId('comment-likes'), '1')

    // The author posts again once the interval has passed (the API's list says when it is stored;
    // a retry within 10 s of a success would be refused, so nothing is posted twice).
    const stored = async () =>
      ((await apiGet<{ comments: { body: string }[] }>(commentsPath.replace('/en', ''))).result?.comments ?? []).some((c) => c.body === second)
    await eventually(
      async () => {
        if (await stored()) return true
        // Wait for the API's answer to this post (stored, or refused as too soon) before looking again.
        const answered = author.waitForResponse(
          (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith(`/api/comment/${title.type}/`),
        )
        await post(author, second)
        await answered
        return stored()
      },
      Boolean,
      30_000,
      1_000,
    )
    await commentWith(author, second).waitFor()

    // Mute: every comment by the author disappears for the muter.
    await reader.reload()
    await commentWith(reader, second).waitFor()
    await commentWith(reader, second).getByTestId('comment-more').click()
    await reader.getByTestId('comment-mute').click()
    await reader.getByTestId('dialog-confirm').getByRole('button').last().click()
    await eventually(
      () => commentWith(reader, second).count(),
      (count) => count === 0,
    )
    const authorId = (await apiGet<{ comments: { authorUserId: number; body: string }[] }>(commentsPath.replace('/en', ''))).result!.comments.find(
      (c) => c.body === second,
    )!.authorUserId
    await reader.goto(`/en/comment/user/${authorId}`)
    await reader.getByTestId('user-muted').waitFor()
    await shot(reader, 'user-muted')

    // The author still sees both; their history lists them.
    await author.reload()
    await commentWith(author, first).waitFor()
    await commentWith(author, second).waitFor()
    await author.goto('/en/account/comment/history')
    await commentWith(author, second).waitFor()
    await shot(author, 'history')

    // Unmute from the muter's comment history: the second comment is back, the reported one stays hidden.
    await reader.goto('/en/account/comment/history')
    const muted = reader.getByTestId('muted-user').filter({ hasText: 'Reader' })
    await muted.waitFor()
    await shot(reader, 'history-muted')
    await muted.getByTestId('unmute').click()
    await eventually(
      () => reader.getByTestId('muted-user').count(),
      (count) => count === 0,
    )
    await reader.goto(commentsPath)
    await commentWith(reader, second).waitFor()
    expect(await commentWith(reader, first).count()).toBe(0)

    // The author deletes their second comment from the history.
    await author.goto('/en/account/comment/history')
    await commentWith(author, second).getByTestId('comment-more').click()
    await author.getByTestId('comment-delete').click()
    await author.getByTestId('dialog-confirm').getByRole('button').last().click()
    await eventually(
      () => commentWith(author, second).count(),
      (count) => count === 0,
    )

    expect(authorErrors).toEqual([])
    expect(readerErrors).toEqual([])
    await authorContext.close()
    await readerContext.close()
  })

  it('a signed-out reader reads comments and is asked to sign in to write', async () => {
    const title = await findTitle((t) => !t.mature && t.commentEnabled && t.chapters.some((c) => c.salesConfig.free))
    const chapter = title.chapters.find((c) => c.salesConfig.free)!
    const context = await newContext(browser, { viewport: PHONE, locale: 'fr-FR' })
    const page = await context.newPage()
    await page.goto(`/fr/comment/${title.type}/${title.id}/${chapter.id}`)
    await page.getByTestId('comment-sign-in').click()
    await page.getByTestId('dialog-login-confirm').waitFor()
    await context.close()
  })
})
