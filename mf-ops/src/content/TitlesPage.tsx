import { api, COLORS, FONT_SIZES, FOCUS_RING, LOCALES, routePath, useLocalePath, useT } from '@koma/contracts'
import { opsEndpoints, type OpsTitleSummary } from '@koma/contracts/ops'
import { TextField } from '@koma/contracts/ui'
import { useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { useResource } from '../cache'
import { buttonStyle, OpsConsole, Panel } from '../console/OpsConsole'
import { contentMessages, languageMessages } from '../i18n/messages'
import { useInLanguage } from '../console/parts'

export default function TitlesPage() {
  const t = useT()
  return (
    <OpsConsole title={t(contentMessages.title)} testId="ops-titles">
      <TitleSearch />
    </OpsConsole>
  )
}

/** Titles whose name (any language) or number matches, 20 a page; each opens its editor. */
function TitleSearch() {
  const t = useT()
  const path = useLocalePath()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const query = search.get('query') ?? ''
  const pageNo = Math.max(1, Number.parseInt(search.get('pageNo') ?? '1', 10) || 1)
  const [typed, setTyped] = useState(query)
  const link = (text: string, page = 1) => {
    const params = new URLSearchParams()
    if (text.trim()) params.set('query', text.trim())
    if (page > 1) params.set('pageNo', String(page))
    const rest = params.toString()
    return `${path(routePath('ops.titles'))}${rest ? `?${rest}` : ''}`
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void navigate(link(typed))
  }
  return (
    <Panel title={t(contentMessages.searchButton)} lead={t(contentMessages.lead)}>
      <form role="search" onSubmit={submit} css={{ display: 'flex', flexWrap: 'wrap', gap: '0 12px', alignItems: 'flex-end' }}>
        <div css={{ flex: '1 1 240px' }}>
          <TextField label={t(contentMessages.search)} name="query" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <button type="submit" css={{ ...buttonStyle(), marginBottom: 16 }}>
          {t(contentMessages.searchButton)}
        </button>
      </form>
      <TitleList key={`${query}:${pageNo}`} query={query} pageNo={pageNo} link={link} />
    </Panel>
  )
}

function TitleList({ query, pageNo, link }: { query: string; pageNo: number; link: (text: string, page?: number) => string }) {
  const t = useT()
  const { titles, page } = useResource(`ops:titles:${query}:${pageNo}`, () =>
    api.request(opsEndpoints.opsTitles, { query: { ...(query ? { query } : {}), pageNo: String(pageNo) } }),
  )
  return (
    <>
      {titles.length === 0 ? <p css={{ color: COLORS.textMuted, margin: 0 }}>{t(contentMessages.empty)}</p> : null}
      <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {titles.map((title) => (
          <TitleRow key={title.id} title={title} />
        ))}
      </ul>
      <nav css={{ display: 'flex', gap: 12, marginTop: 12 }}>
        {pageNo > 1 ? <Link to={link(query, pageNo - 1)}>{t(contentMessages.previous)}</Link> : null}
        {page.hasNext ? <Link to={link(query, pageNo + 1)}>{t(contentMessages.next)}</Link> : null}
      </nav>
    </>
  )
}

function TitleRow({ title }: { title: OpsTitleSummary }) {
  const t = useT()
  const inLanguage = useInLanguage()
  const path = useLocalePath()
  return (
    <li data-testid="ops-title-row" data-title={title.id} css={{ borderTop: `1px solid ${COLORS.line}` }}>
      <Link
        to={path(routePath('ops.title', { id: String(title.id) }))}
        css={{
          display: 'block',
          padding: '12px 4px',
          color: COLORS.text,
          textDecoration: 'none',
          '&:hover strong': { textDecoration: 'underline' },
          '&:focus-visible': FOCUS_RING,
        }}
      >
        <strong css={{ display: 'block', fontSize: FONT_SIZES.size60, overflowWrap: 'anywhere' }}>
          {inLanguage(title.names) || t(contentMessages.noName)}
        </strong>
        <span css={{ display: 'block', fontSize: FONT_SIZES.size40, color: COLORS.textMuted, margin: '4px 0', overflowWrap: 'anywhere' }}>
          {LOCALES.map((locale) => `${t(languageMessages[locale])}: ${title.names[locale] || '—'}`).join(' · ')}
        </span>
        <span css={{ fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>
          {t(contentMessages.meta, { id: title.id, type: title.type, status: title.status })} · {t(contentMessages.chapterCount, { count: title.chapters })}
          {title.mature ? ` · ${t(contentMessages.mature)}` : ''}
        </span>
      </Link>
    </li>
  )
}
