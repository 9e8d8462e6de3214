import { endpoints } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/errors'
import { parseContentType, parseId, parsePageNo } from '../../http/ids'
import { route } from '../../http/route'
import { imageUrl } from '../image/urls'
import { sessionMember } from '../member/session'

export const COMMENT_PAGE_SIZE = 20

export function registerCommentRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, endpoints.chapterComments, async ({ params, query, req }) => {
    const type = parseContentType(params.type)
    const contentId = parseId(params.id)
    const chapterId = parseId(params.chapterId)
    const pageNo = parsePageNo(query.pageNo)
    const order = query.order === 'likes' ? 'likes' : 'newest'
    const chapter = await deps.db
      .selectFrom('chapters as ch')
      .innerJoin('contents as c', 'c.id', 'ch.content_id')
      .select(['ch.id'])
      .where('ch.id', '=', chapterId)
      .where('c.id', '=', contentId)
      .where('c.type', '=', type)
      .executeTakeFirst()
    if (!chapter) throw new HttpError(404, 'chapterNotFound')
    const viewer = await sessionMember(deps, req)
    let listQuery = deps.db
      .selectFrom('comments as cm')
      .innerJoin('members as m', 'm.id', 'cm.member_id')
      .select(['cm.id', 'cm.member_id', 'cm.body', 'cm.like_count', 'cm.created_at', 'm.nickname', 'm.avatar_image_id'])
      .where('cm.chapter_id', '=', chapterId)
      .where('cm.deleted_at', 'is', null)
    listQuery = order === 'likes' ? listQuery.orderBy('cm.like_count', 'desc').orderBy('cm.id', 'desc') : listQuery.orderBy('cm.id', 'desc')
    const [rows, total] = await Promise.all([
      listQuery
        .limit(COMMENT_PAGE_SIZE + 1)
        .offset((pageNo - 1) * COMMENT_PAGE_SIZE)
        .execute(),
      deps.db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('chapter_id', '=', chapterId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ])
    return {
      comments: rows.slice(0, COMMENT_PAGE_SIZE).map((row) => ({
        id: row.id,
        authorUserId: row.member_id,
        nickname: row.nickname,
        avatarImageUrl: row.avatar_image_id ? imageUrl(row.avatar_image_id) : null,
        body: row.body,
        likes: row.like_count,
        liked: false,
        mine: viewer?.memberId === row.member_id,
        createdAt: new Date(row.created_at).toISOString(),
      })),
      totalComments: Number(total.count),
      page: { hasNext: rows.length > COMMENT_PAGE_SIZE, currentPageNo: pageNo, seqNo: null },
    }
  })
}
