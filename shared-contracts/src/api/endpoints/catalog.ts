import type { Locale } from '../../i18n/locales'
import type { Content, HomeLayout } from '../../domain/types'
import { endpoint, type ContentParams, type None } from '../endpoint'

/** Platform and discovery endpoints. */
export const platformEndpoints = {
  clientIp: endpoint<None, None, None, { ip: string; now: number }>('GET', '/ip', true),
  image: endpoint<{ imageId: string }, { w?: string; format?: string }, None, Blob>('GET', '/image/:imageId', true),
} as const

export const catalogEndpoints = {
  home: endpoint<{ lang: Locale }, None, None, HomeLayout>('GET', '/:lang/home'),
  content: endpoint<ContentParams, None, None, Content>('GET', '/:type/:id'),
} as const
