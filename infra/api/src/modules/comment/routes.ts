import { endpoints } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { parseContentType, parseId, parsePageNo } from '../../http/ids'
import { route } from '../../http/route'
import { requireFullMember } from '../member/guest'
import { requireMember, sessionMember } from '../session/session'
import * as service from './service'

export { COMMENT_PAGE_SIZE } from './queries'

/**
 * Comments (SPEC §2–§6): lists for everyone; posting, liking, deleting, reporting and muting for
 * members only (401 signed out, 403 "Guest users cannot use this function." for a guest).
 */
export function registerCommentRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, endpoints.reportConfig, async ({ locale }) => service.reportConfig(locale))

  route(app, deps, endpoints.chapterComments, async ({ params, query, req }) => {
    const type = parseContentType(params.type)
    const contentId = parseId(params.id)
    const chapterId = parseId(params.chapterId)
    const pageNo = parsePageNo(query.pageNo)
    const order = query.order === 'likes' ? 'likes' : 'newest'
    const viewer = await sessionMember(deps, req)
    return service.chapterComments(deps, viewer?.memberId ?? null, { type, contentId, chapterId, order, pageNo }, req)
  })

  route(
    app,
    deps,
    endpoints.postComment,
    async ({ params, body, req, locale }) => {
      const type = parseContentType(params.type)
      const contentId = parseId(params.id)
      const chapterId = parseId(params.chapterId)
      const member = await requireFullMember(deps, req)
      return service.postComment(deps, member.memberId, { type, contentId, chapterId, body, locale }, req)
    },
    { limit: 'commentPost' },
  )

  route(app, deps, endpoints.deleteComment, async ({ params, req }) => {
    const commentId = parseId(params.commentId)
    const member = await requireFullMember(deps, req)
    return service.deleteComment(deps, member.memberId, commentId)
  })

  route(app, deps, endpoints.likeComment, async ({ params, req }) => {
    const commentId = parseId(params.commentId)
    const member = await requireFullMember(deps, req)
    return service.likeComment(deps, member.memberId, commentId)
  })

  route(app, deps, endpoints.unlikeComment, async ({ params, req }) => {
    const commentId = parseId(params.commentId)
    const member = await requireFullMember(deps, req)
    return service.unlikeComment(deps, member.memberId, commentId)
  })

  route(app, deps, endpoints.reportComment, async ({ params, body, req, reply, locale }) => {
    const commentId = parseId(params.commentId)
    const member = await requireFullMember(deps, req)
    const { created } = await service.reportComment(deps, member.memberId, { commentId, category: params.category, body, locale })
    if (!created) reply.code(208)
    return { reported: true, created }
  })

  route(app, deps, endpoints.reportContent, async ({ params, body, req, reply, locale }) => {
    const type = parseContentType(params.type)
    const contentId = parseId(params.id)
    const chapterId = parseId(params.chapterId)
    const member = await requireFullMember(deps, req)
    const { created } = await service.reportContent(deps, member.memberId, { type, contentId, chapterId, category: params.category, body, locale })
    if (!created) reply.code(208)
    return { reported: true, created }
  })

  route(app, deps, endpoints.muteUser, async ({ params, req }) => {
    const userId = parseId(params.userId)
    const member = await requireFullMember(deps, req)
    return service.muteUser(deps, member.memberId, userId)
  })

  route(app, deps, endpoints.unmuteUser, async ({ params, req }) => {
    const userId = parseId(params.userId)
    const member = await requireFullMember(deps, req)
    return service.unmuteUser(deps, member.memberId, userId)
  })

  route(app, deps, endpoints.mutedUsers, async ({ req }) => {
    const member = await requireMember(deps, req)
    return service.mutedUsers(deps, member.memberId)
  })

  route(app, deps, endpoints.authorComments, async ({ params, query, req, locale }) => {
    const authorId = parseId(params.authorUserId)
    const pageNo = parsePageNo(query.pageNo)
    const viewer = await sessionMember(deps, req)
    return service.authorComments(deps, viewer?.memberId ?? null, authorId, pageNo, locale)
  })

  route(app, deps, endpoints.commentHistory, async ({ query, req, locale }) => {
    const member = await requireMember(deps, req)
    return service.commentHistory(deps, member.memberId, parsePageNo(query.pageNo), locale)
  })
}
