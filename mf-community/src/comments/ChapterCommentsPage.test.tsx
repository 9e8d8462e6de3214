import { api } from '@koma/contracts'
import { screen } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'

afterEach(() => jest.restoreAllMocks())

describe('chapter comments', () => {
  it('shows comment text as text: markup never runs, links are not live', async () => {
    const hostile = '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script> https://evil.example'
    jest.spyOn(api, 'request').mockResolvedValue({
      comments: [{ id: 1, authorUserId: 2, nickname: 'Mika', avatarImageUrl: null, body: hostile, likes: 3, liked: false, mine: false, createdAt: '2026-11-20T10:00:00.000Z' }],
      totalComments: 1,
      page: { hasNext: false, currentPageNo: 1, seqNo: null },
    } as never)
    await renderScreen(routes['community.chapterComments'], { path: '/comment/:contentType/:contentId/:chapterId', url: '/comment/comic/1/2' })
    const comment = await screen.findByTestId('comment')
    expect(comment).toHaveTextContent(hostile)
    expect(comment.querySelector('img, script, a[href^="https://evil"]')).toBeNull()
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined()
    expect(screen.getByText('1 comment')).toBeInTheDocument()
  })
})
