import { api, auth, browserEnvironment, endpoints, homeCacheUntil, pickShuffledSections, useLocale, useT } from '@koma/contracts'
import { useResource } from '../cache'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo } from 'react'
import { homeMessages } from '../i18n/messages'
import { PagePopups } from './HomePopups'
import { HomeSection } from './HomeSection'
import { TopBanner } from './TopBanner'

/**
 * Home: top banner, sections (one random section per shuffle group, SPEC §4), popups. The mature
 * home when the accept-mature cookie says Y or the profile says so. Kept until the earliest badge
 * expires or 10 minutes (the API's Cache-Control says the same).
 */
export default observer(function HomePage() {
  const t = useT()
  const { locale } = useLocale()
  const mature = browserEnvironment.acceptMature() || Boolean(auth.profile?.mature.acceptMature)
  const home = useResource(
    `home:${locale}:${mature ? 'mature' : 'all'}`,
    () =>
      mature
        ? api
            .request(endpoints.homeMature, { params: { lang: locale }, policy: { suppress: [428] } })
            .catch(() => api.request(endpoints.home, { params: { lang: locale } }))
        : api.request(endpoints.home, { params: { lang: locale } }),
    { expiresAt: homeCacheUntil },
  )
  const sections = useMemo(() => pickShuffledSections(home.sections), [home])
  useEffect(() => {
    document.title = t(homeMessages.title)
  }, [t])
  return (
    <div data-testid="home" data-mature={mature ? 'true' : 'false'}>
      <PagePopups page="main" popups={home.popups} />
      <TopBanner elements={home.topBanner?.elements ?? []} />
      {sections.length === 0 ? <p css={{ textAlign: 'center', padding: 48 }}>{t(homeMessages.empty)}</p> : null}
      {sections.map((section, index) => (
        <HomeSection key={section.id} section={section} eager={index < 2} />
      ))}
      <div css={{ height: 48 }} />
    </div>
  )
})
