import { api, COLORS, endpoints, FONT_SIZES, useLocale, useLocalePath, useT } from '@koma/contracts'
import { useResource } from '../cache'
import { Link, useParams } from 'react-router-dom'
import { formatDate } from '@koma/contracts/domain'
import { useSentenceDate } from '../components/lib'
import { AccountPage } from '../components/ui'
import { documentMessages } from '../i18n/messages'

/** /legal/{type}, /legal/{type}/{version}, /legal/abj, /legal/special_commercial_transaction. */
export function LegalDocumentPage({ type, version }: { type: string; version?: string }) {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const date = useSentenceDate()
  const doc = useResource(`account:legal:${locale}:${type}:${version ?? 'current'}`, () =>
    version ? api.request(endpoints.legalVersion, { params: { type, version } }) : api.request(endpoints.legal, { params: { type } }),
  )
  const latest = doc.versions[0]?.version
  return (
    <AccountPage testId="legal" title={doc.title} wide>
      <p css={{ margin: '-8px 0 24px', fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>
        {t(documentMessages.version, { version: doc.version })} · {t(documentMessages.effective, { date: date(doc.effectiveAt) })}
      </p>
      <article data-testid="legal-body" css={{ fontSize: 15, lineHeight: 1.8, color: '#2b2b2b' }}>
        {doc.body.split(/\n{2,}/).map((block, index) => {
          const [first = '', ...rest] = block.split('\n')
          // "Article 1 (Purpose)" / "第1条（目的）": a heading line above its paragraphs.
          const heading = rest.length > 0 && first.length < 60 && !/[:：]/.test(first)
          return (
            <section key={index} css={{ marginBottom: 18 }}>
              {heading ? <h2 css={{ fontSize: FONT_SIZES.size60, margin: '0 0 6px' }}>{first}</h2> : <p css={{ margin: '0 0 4px' }}>{first}</p>}
              {rest.map((line, lineIndex) => (
                <p key={lineIndex} css={{ margin: '0 0 4px' }}>
                  {line}
                </p>
              ))}
            </section>
          )
        })}
      </article>
      {doc.versions.length > 1 ? (
        <nav css={{ marginTop: 36, paddingTop: 20, borderTop: `1px solid ${COLORS.line}` }}>
          <h2 css={{ fontSize: FONT_SIZES.size50, margin: '0 0 10px' }}>{t(documentMessages.versions)}</h2>
          <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', gap: 14, flexWrap: 'wrap', fontSize: FONT_SIZES.size40 }}>
            {doc.versions.map((item) => (
              <li key={item.version}>
                {item.version === doc.version ? (
                  <strong>
                    {t(documentMessages.version, { version: item.version })} ({formatDate(item.effectiveAt)})
                  </strong>
                ) : (
                  <Link to={path(item.version === latest ? `/legal/${type}` : `/legal/${type}/${item.version}`)} css={{ color: COLORS.textMuted }}>
                    {t(documentMessages.version, { version: item.version })} ({formatDate(item.effectiveAt)})
                    {item.version === latest ? ` · ${t(documentMessages.current)}` : ''}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </AccountPage>
  )
}

export default function LegalPage() {
  const { type = '', version } = useParams()
  return <LegalDocumentPage type={type} version={version} />
}
