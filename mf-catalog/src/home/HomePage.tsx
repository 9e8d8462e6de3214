import { api, endpoints, useLocale, useResource, useT } from '@koma/contracts'
import { useEffect } from 'react'
import { homeMessages } from '../i18n/messages'
import { HomeSection } from './HomeSection'
import { TopBanner } from './TopBanner'

export default function HomePage() {
  const t = useT()
  const { locale } = useLocale()
  const home = useResource(`home:${locale}`, () => api.request(endpoints.home, { params: { lang: locale } }))
  useEffect(() => {
    document.title = t(homeMessages.title)
  }, [t])
  return (
    <div data-testid="home">
      <TopBanner elements={home.topBanner?.elements ?? []} />
      {home.sections.length === 0 ? <p css={{ textAlign: 'center', padding: 48 }}>{t(homeMessages.empty)}</p> : null}
      {home.sections.map((section) => (
        <HomeSection key={section.id} section={section} />
      ))}
    </div>
  )
}
