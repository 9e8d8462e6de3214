import { api, ApiError, auth, endpoints, type Comment } from '@koma/contracts'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'

afterEach(() => {
  jest.restoreAllMocks()
  document.cookie = 'koma_lc=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  auth.syncFromCookie()
})

const signedIn = () => {
  document.cookie = 'koma_lc=1; path=/'
  auth.syncFromCookie()
}

const comment = (over: Partial<Comment> = {}): Comment => ({
  id: 1,
  authorUserId: 2,
  nickname: 'Mika',
  avatarImageUrl: null,
  body: 'Great episode',
  likes: 3,
  liked: false,
  mine: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
})
const listOf = (comments: Comment[]) => ({ comments, totalComments: comments.length, page: { hasNext: false, currentPageNo: 1, seqNo: null } })

/** A fake API answering by endpoint; records calls. */
function fakeApi(answers: Partial<Record<keyof typeof endpoints, unknown | ((options: unknown) => unknown)>>) {
  return jest.spyOn(api, 'request').mockImplementation(async (endpoint, options) => {
    const name = (Object.keys(endpoints) as (keyof typeof endpoints)[]).find((key) => endpoints[key] === endpoint)
    const answer = name ? answers[name] : undefined
    if (answer === undefined) throw new Error(`unexpected call ${endpoint.method} ${endpoint.path}`)
    return (typeof answer === 'function' ? (answer as (options: unknown) => unknown)(options) : answer) as never
  })
}

const open = (locale: 'en' | 'fr' | 'ja' = 'en') =>
  renderScreen(routes['community.chapterComments'], { path: '/comment/:contentType/:contentId/:chapterId', url: '/comment/comic/1/2', locale })

describe('chapter comments', () => {
  it('shows comment text as text: markup never runs, links are not live, bidi is isolated', async () => {
    const hostile = '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script> https://evil.example \u202Egnp.exe'
    fakeApi({ chapterComments: listOf([comment({ body: hostile })]) })
    await open()
    const item = await screen.findByTestId('comment')
    expect(screen.getByTestId('comment-body').textContent).toBe(hostile)
    expect(item.querySelector('img, script, a[href^="https://evil"]')).toBeNull()
    expect(screen.getByTestId('comment-body')).toHaveAttribute('dir', 'auto')
    expect(screen.getByText('1 comment')).toBeInTheDocument()
  })

  it('asks a signed-out reader to sign in before writing or liking', async () => {
    const request = fakeApi({ chapterComments: listOf([comment()]) })
    const { openDialog } = await open()
    fireEvent.click(await screen.findByTestId('comment-sign-in'))
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('loginConfirm', { redirect: '/comment/comic/1/2' }))
    fireEvent.click(screen.getByTestId('comment-like'))
    await waitFor(() => expect(openDialog).toHaveBeenCalledTimes(2))
    expect(request.mock.calls.every(([endpoint]) => endpoint === endpoints.chapterComments)).toBe(true)
  })

  it('refuses an empty or white-space comment in the reader language without calling the API (French)', async () => {
    signedIn()
    const request = fakeApi({ chapterComments: listOf([]) })
    await open('fr')
    fireEvent.change(await screen.findByTestId('comment-input'), { target: { value: '  \n ' } })
    fireEvent.click(screen.getByTestId('comment-submit'))
    expect(await screen.findByTestId('comment-error')).toHaveTextContent('Merci de saisir un commentaire.')
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: 'x'.repeat(401) } })
    expect(screen.getByTestId('comment-counter')).toHaveTextContent('401/400')
    fireEvent.click(screen.getByTestId('comment-submit'))
    expect(await screen.findByTestId('comment-error')).toHaveTextContent('Votre commentaire doit contenir 400 caractères au maximum.')
    expect(request.mock.calls.some(([endpoint]) => endpoint === endpoints.postComment)).toBe(false)
  })

  it('posts the text as written and shows the list again; the API refusal (rate limit) shows under the form', async () => {
    signedIn()
    let posted = false
    const request = fakeApi({
      chapterComments: () => listOf(posted ? [comment({ id: 9, body: '  hello <b>world</b>  ', mine: true })] : []),
      postComment: () => {
        if (posted) throw new ApiError({ failure: 'commentTooFast', status: 429, message: 'Please wait 10 seconds before posting again.', url: '/comment' })
        posted = true
        return { comment: comment({ id: 9 }), totalComments: 1 }
      },
    })
    await open()
    fireEvent.change(await screen.findByTestId('comment-input'), { target: { value: '  hello <b>world</b>  ' } })
    fireEvent.click(screen.getByTestId('comment-submit'))
    await waitFor(() => expect(screen.getByTestId('comment-body').textContent).toBe('  hello <b>world</b>  '))
    expect(request).toHaveBeenCalledWith(
      endpoints.postComment,
      expect.objectContaining({ body: { comment: '  hello <b>world</b>  ' }, params: { type: 'comic', id: '1', chapterId: '2' } }),
    )
    expect(screen.getByTestId('comment-input')).toHaveValue('')
    // A second post straight away: the API's 429 message shows under the form and the text stays.
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: 'again' } })
    fireEvent.click(screen.getByTestId('comment-submit'))
    expect(await screen.findByTestId('comment-error')).toHaveTextContent('Please wait 10 seconds before posting again.')
    expect(screen.getByTestId('comment-input')).toHaveValue('again')
  })

  it('likes once and unlikes through the API', async () => {
    signedIn()
    const request = fakeApi({ chapterComments: listOf([comment()]), likeComment: { liked: true, likes: 4 }, unlikeComment: { liked: false, likes: 3 } })
    await open()
    fireEvent.click(await screen.findByTestId('comment-like'))
    await waitFor(() => expect(screen.getByTestId('comment-like')).toHaveAttribute('aria-pressed', 'true'))
    expect(screen.getByTestId('comment-likes')).toHaveTextContent('4')
    fireEvent.click(screen.getByTestId('comment-like'))
    await waitFor(() => expect(screen.getByTestId('comment-like')).toHaveAttribute('aria-pressed', 'false'))
    expect(request).toHaveBeenCalledWith(endpoints.likeComment, expect.objectContaining({ params: { commentId: '1' } }))
  })

  it("offers delete on one's own comment and report or mute on others'", async () => {
    signedIn()
    fakeApi({
      chapterComments: listOf([comment({ id: 1, mine: true }), comment({ id: 2, nickname: 'Lucas' })]),
      deleteComment: { deleted: true, totalComments: 1 },
    })
    const openDialog = jest.fn().mockResolvedValue(true)
    await renderScreen(routes['community.chapterComments'], { path: '/comment/:contentType/:contentId/:chapterId', url: '/comment/comic/1/2', openDialog })
    const [mine, theirs] = await screen.findAllByTestId('comment-more')
    fireEvent.click(mine!)
    expect(screen.queryByTestId('comment-report')).toBeNull()
    fireEvent.click(screen.getByTestId('comment-delete'))
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('confirm', expect.objectContaining({ okLabel: 'Delete' })))
    await waitFor(() => expect(api.request).toHaveBeenCalledWith(endpoints.deleteComment, expect.objectContaining({ params: { commentId: '1' } })))
    await act(async () => undefined)
    fireEvent.click((await screen.findAllByTestId('comment-more'))[1] ?? theirs!)
    fireEvent.click(await screen.findByTestId('comment-report'))
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('report', { type: 'comment', commentId: 2 }))
  })
})
