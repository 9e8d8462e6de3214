import {
  api,
  auth,
  browserEnvironment,
  COLORS,
  endpoints,
  isLocale,
  LocaleContext,
  prefixForLocale,
  useLocale,
  usePageRandom,
  useT,
  type HomeLayout,
  type Locale,
} from '@koma/contracts'
import { formatDateTime, homeCacheUntil, pickShuffledSections } from '@koma/contracts/domain'
import { useResource } from '../cache'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { CatalogIntl } from '../i18n/CatalogIntl'
import { homeMessages } from '../i18n/messages'
import { PagePopups } from '../components/HomePopups'
import { HomeSection } from './HomeSection'
import { useDrawnInTurns } from './rowWindow'
import { TopBanner } from './TopBanner'

/** Sections under the top banner that a first screen can show (phone or desktop): drawn with the page, the rest right after. */
const FIRST_SCREEN_SECTIONS = 2

/**
 * An operator's preview (issue 17): the home as readers will see it at a time (`preview`, ISO or
 * `now`), in a language (`lang`), with a popup (`popup`) or a section of a shuffle group
 * (`section`) shown for sure. The API answers it to operators only; anyone else gets the home.
 */
interface Preview {
  at: string | null
  lang: Locale | null
  popup: number | null
  section: number | null
  mature: boolean
}

function readPreview(params: URLSearchParams): Preview | null {
  const at = params.get('preview')
  if (at === null) return null
  const id = (name: string) => (/^\d{1,12}$/.test(params.get(name) ?? '') ? Number(params.get(name)) : null)
  const lang = params.get('lang')
  return {
    at: at === 'now' || at === '' ? null : at,
    lang: isLocale(lang) ? lang : null,
    popup: id('popup'),
    section: id('section'),
    mature: params.get('mature') === 'true',
  }
}

/**
 * Home: top banner, sections (one random section per shuffle group, SPEC §4), popups. The mature
 * home when the accept-mature cookie says Y or the profile says so. Kept until the earliest badge
 * expires or 10 minutes (the API's Cache-Control says the same).
 */
export default observer(function HomePage() {
  const [params] = useSearchParams()
  const { locale } = useLocale()
  const preview = readPreview(params)
  // A preview in another language than the page's (an unprefixed page follows the cookie) shows its content in that one.
  if (preview?.lang && preview.lang !== locale)
    return (
      <LocaleContext.Provider value={{ locale: preview.lang, prefix: prefixForLocale(preview.lang) }}>
        <CatalogIntl>
          <Home preview={preview} />
        </CatalogIntl>
      </LocaleContext.Provider>
    )
  return <Home preview={preview} />
})

const Home = observer(function Home({ preview }: { preview: Preview | null }) {
  const t = useT()
  const { locale } = useLocale()
  const mature = preview ? preview.mature : browserEnvironment.acceptMature() || Boolean(auth.profile?.mature.acceptMature)
  const home = useResource(
    preview ? `home:preview:${locale}:${preview.at ?? 'now'}:${mature}` : `home:${locale}:${mature ? 'mature' : 'all'}`,
    async (): Promise<HomeLayout & { previewed?: boolean }> => {
      if (preview) {
        const shown = await api
          .request(endpoints.homePreview, {
            params: { lang: locale },
            query: { ...(preview.at ? { at: preview.at } : {}), mature: mature ? 'true' : 'false' },
            policy: { suppress: [400, 401, 403] },
          })
          .catch(() => null)
        if (shown) return { ...shown, previewed: true }
      }
      return mature
        ? api
            .request(endpoints.homeMature, { params: { lang: locale }, policy: { suppress: ['matureNotAccepted'] } })
            .catch(() => api.request(endpoints.home, { params: { lang: locale } }))
        : api.request(endpoints.home, { params: { lang: locale } })
    },
    { expiresAt: homeCacheUntil },
  )
  const previewing = preview !== null && home.previewed === true
  // A page the edge drew (issue 13) chose its sections with the page's seed: the first render here chooses the same.
  const random = usePageRandom('catalog.home')
  const sections = useMemo(
    () => pickShuffledSections(home.sections, random(), previewing ? (preview.section ?? undefined) : undefined),
    // The generator is for the first render only: a new one is no reason to choose again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [home, previewing, preview?.section],
  )
  const drawn = useDrawnInTurns(sections.length, FIRST_SCREEN_SECTIONS)
  useEffect(() => {
    document.title = t(homeMessages.title)
  }, [t])
  return (
    <div data-testid="home" data-mature={mature ? 'true' : 'false'} data-preview={previewing ? 'true' : undefined}>
      {previewing ? (
        <p
          role="status"
          data-testid="home-preview"
          css={{
            // At the bottom: the phone's floating header covers the top of the home.
            position: 'fixed',
            insetInline: 0,
            bottom: 0,
            zIndex: 20,
            margin: 0,
            padding: '10px 16px calc(10px + env(safe-area-inset-bottom))',
            background: COLORS.popupNotice,
            color: COLORS.onBrand,
            fontSize: 13,
            fontWeight: 700,
            textAlign: 'center',
          }}
        >
          {preview.at ? t(homeMessages.previewAt, { date: formatDateTime(preview.at) }) : t(homeMessages.previewNow)}
        </p>
      ) : null}
      <PagePopups page="main" popups={home.popups} preview={previewing ? { popup: preview.popup } : undefined} />
      <TopBanner elements={home.topBanner?.elements ?? []} />
      {sections.length === 0 ? <p css={{ textAlign: 'center', padding: 48 }}>{t(homeMessages.empty)}</p> : null}
      {sections.slice(0, drawn).map((section, index) => (
        <HomeSection key={section.id} section={section} eager={index < FIRST_SCREEN_SECTIONS} />
      ))}
      <div css={{ height: 48 }} />
    </div>
  )
})
