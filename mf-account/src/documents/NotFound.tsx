import { ApiError, text, useLocale } from '@koma/contracts'

/** A bad query id is the host's 404 screen (thrown to the remote boundary). */
export function NotFound({ path }: { path: string }): never {
  const { locale } = useLocale()
  throw new ApiError({ status: 404, message: text('pageNotFound', locale, { path }), url: path })
}
