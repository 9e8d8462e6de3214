import { api, COLORS, FONT_SIZES, FOCUS_RING, LOCALES, routePath, useLocalePath, useT } from '@koma/contracts'
import { opsEndpoints, type OpsTitleSummary } from '@koma/contracts/ops'
import { TextField } from '@koma/contracts/ui'
import { useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { useResource } from '../cache'
import { OpsConsole } from '../console/OpsConsole'
import { contentMessages, languageMessages } from '../i18n/messages'
import { buttonStyle, Panel, useInLanguage } from '../console/parts'
import { ImportPanel } from './ImportPanel'

export default function TitlesPage() {
  const t = useT()
  return (
    <OpsConsole title={t(contentMessages.title)} testId="ops-titles">
      <TitleSearch />
      <ImportPanel />
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
  const hiddenOnly = search.get('hidden') === 'true'
  const pageNo = Math.max(1, Number.parseInt(search.get('pageNo') ?? '1', 10) || 1)
  const [typed, setTyped] = useState(query)
  const link = (text: string, page = 1, hidden = hiddenOnly) => {
    const params = new URLSearchParams()
    if (text.trim()) params.set('query', text.trim())
    if (hidden) params.set('hidden', 'true')
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
        <label css={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 44, marginBottom: 16, fontSize: FONT_SIZES.size50 }}>
          {/* Applies at once, with the name typed so far. */}
          <input
            type="checkbox"
            name="hidden"
            checked={hiddenOnly}
            onChange={(event) => void navigate(link(typed, 1, event.target.checked))}
            css={{ width: 18, height: 18 }}
          />
          {t(contentMessages.hiddenOnly)}
        </label>
        <button type="submit" css={{ ...buttonStyle(), marginBottom: 16 }}>
          {t(contentMessages.searchButton)}
        </button>
      </form>
      <TitleList key={`${query}:${hiddenOnly}:${pageNo}`} query={query} hiddenOnly={hiddenOnly} pageNo={pageNo} link={link} />
    </Panel>
  )
}

function TitleList({ query, hiddenOnly, pageNo, link }: { query: string; hiddenOnly: boolean; pageNo: number; link: (text: string, page?: number) => string }) {
  const t = useT()
  const { titles, page } = useResource(`ops:titles:${query}:${hiddenOnly}:${pageNo}`, () =>
    api.request(opsEndpoints.opsTitles, { query: { ...(query ? { query } : {}), ...(hiddenOnly ? { hidden: 'true' as const } : {}), pageNo: String(pageNo) } }),
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
        {title.hiddenAt ? (
          <strong data-testid="ops-title-hidden" css={{ display: 'block', marginTop: 4, fontSize: FONT_SIZES.size40, color: COLORS.brandDark }}>
            {t(contentMessages.hiddenTag)}
          </strong>
        ) : null}
      </Link>
    </li>
  )
}
