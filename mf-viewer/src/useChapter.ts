import {
  api,
  endpoints,
  isApiError,
  MATURE_FAILURES,
  type ApiError,
  type ApiErrorName,
  type Chapter,
  type ChapterFileSalesType,
  type ContentType,
} from '@koma/contracts'
import { useResource } from './cache'

/**
 * The refusals the viewer answers itself: sign in (401), a chapter aborted or locked or an account
 * suspended (403), a mature title's steps (428, 451).
 */
const VIEWER_HANDLED: readonly ApiErrorName[] = ['authenticationError', 'chapterLocked', 'chapterAborted', 'accountSuspended', ...MATURE_FAILURES]

export type ChapterLoad = { chapter: Chapter; error: null } | { chapter: null; error: ApiError }

/**
 * The chapter, or the failure the viewer handles itself (SPEC §8 viewer errors: the mature steps,
 * login confirm, else back to the episode list). Other failures still reach the boundary. Never
 * shown stale after a change: neither paid pages once access changed, nor a refusal the viewer
 * would act on after the chapter was bought.
 */
export function useChapter(input: { type: ContentType; contentId: string; chapterId: string; salesType: ChapterFileSalesType; locale: string }): ChapterLoad {
  return useResource(
    `chapter:${input.type}:${input.contentId}:${input.chapterId}:${input.salesType}:${input.locale}`,
    () =>
      api
        .request(endpoints.chapter, {
          params: { type: input.type, id: input.contentId, chapterId: input.chapterId, salesType: input.salesType },
          policy: { suppress: VIEWER_HANDLED },
        })
        .then(
          (chapter): ChapterLoad => ({ chapter, error: null }),
          (error: unknown): ChapterLoad => {
            if (isApiError(error) && error.failure !== null && (VIEWER_HANDLED as readonly string[]).includes(error.failure)) return { chapter: null, error }
            throw error
          },
        ),
    { staleWhileReloading: false },
  )
}
