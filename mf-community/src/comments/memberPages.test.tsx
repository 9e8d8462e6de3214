import { api, auth, endpoints, type Comment } from '@koma/contracts'
import { fireEvent, screen, waitFor } from '@testing-library/react'
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

const target = { contentType: 'comic' as const, contentId: 3, chapterId: 12, contentName: 'Moonlit Blade Princess', chapterName: 'Episode 2' }
const comment = (over: Partial<Comment> = {}): Comment => ({
  id: 1,
  authorUserId: 2,
  nickname: 'Mika',
  avatarImageUrl: null,
  body: 'Great episode',
  likes: 0,
  liked: false,
  mine: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  target,
  ...over,
})
const page = { hasNext: false, currentPageNo: 1, seqNo: null }

describe("a member's comments (/comment/user/{authorUserId})", () => {
  it('lists them with the episode each was written on, and mutes the member', async () => {
    signedIn()
    let muted = false
    const request = jest.spyOn(api, 'request').mockImplementation(async (endpoint) => {
      if (endpoint === endpoints.muteUser) {
        muted = true
        return { muted: true } as never
      }
      return {
        comments: muted ? [] : [comment()],
        totalComments: muted ? 0 : 1,
        page,
        author: { userId: 2, nickname: 'Mika', avatarImageUrl: null, muted, mine: false },
      } as never
    })
    await renderScreen(routes['community.userComments'], { path: '/comment/user/:authorUserId', url: '/comment/user/2' })
    expect(await screen.findByTestId('user-nickname')).toHaveTextContent('Comments by Mika')
    expect(screen.getByTestId('comment-target')).toHaveAttribute('href', '/comic/3/chapter/12/product')
    fireEvent.click(screen.getByTestId('user-mute'))
    await screen.findByTestId('user-muted')
    expect(request).toHaveBeenCalledWith(endpoints.muteUser, { params: { userId: '2' } })
    expect(screen.getByTestId('user-mute')).toHaveTextContent('Unmute')
  })

  it('speaks Japanese', async () => {
    jest.spyOn(api, 'request').mockResolvedValue({
      comments: [],
      totalComments: 0,
      page,
      author: { userId: 2, nickname: 'みか', avatarImageUrl: null, muted: false, mine: false },
    } as never)
    await renderScreen(routes['community.userComments'], { path: '/comment/user/:authorUserId', url: '/comment/user/2', locale: 'ja' })
    expect(await screen.findByTestId('user-nickname')).toHaveTextContent('みかさんのコメント')
  })
})

describe('comment history (/account/comment/history)', () => {
  it("shows one's own comments with delete, and unmutes a muted member", async () => {
    signedIn()
    let mutes = [{ userId: 7, nickname: 'Lucas', avatarImageUrl: null, mutedAt: '2026-11-20T10:00:00.000Z' }]
    const request = jest.spyOn(api, 'request').mockImplementation(async (endpoint) => {
      if (endpoint === endpoints.commentHistory)
        return { comments: [comment({ id: 5, mine: true, authorUserId: 1, nickname: 'Reader' })], totalComments: 1, page } as never
      if (endpoint === endpoints.mutedUsers) return { users: mutes } as never
      if (endpoint === endpoints.unmuteUser) {
        mutes = []
        return { muted: false } as never
      }
      throw new Error('unexpected')
    })
    await renderScreen(routes['community.history'], { path: '/account/comment/history', url: '/account/comment/history' })
    await screen.findByTestId('comment')
    fireEvent.click(screen.getByTestId('comment-more'))
    expect(screen.getByTestId('comment-delete')).toBeInTheDocument()
    fireEvent.click(await screen.findByTestId('unmute'))
    await waitFor(() => expect(screen.queryByTestId('muted-user')).toBeNull())
    expect(request).toHaveBeenCalledWith(endpoints.unmuteUser, { params: { userId: '7' } })
    expect(screen.getByText('You have not muted anyone.')).toBeInTheDocument()
  })
})
