import { api, COLORS, endpoints, FONT_SIZES, media, useLocale, useLocalePath, useT, routePath } from '@koma/contracts'
import { INQUIRY_CATEGORIES } from '@koma/contracts/domain'
import { useResource } from '../cache'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { AccountPage, primaryButton } from '../components/ui'
import { documentMessages, supportMessages } from '../i18n/messages'

/** /document/faq: help center, questions by category, answers in place. */
export default function FaqPage() {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const [search, setSearch] = useSearchParams()
  const category = (INQUIRY_CATEGORIES as readonly string[]).includes(search.get('category') ?? '') ? String(search.get('category')) : ''
  const { faqs } = useResource(`account:faqs:${locale}:${category}`, () => api.request(endpoints.faqs, { query: category ? { category } : {} }))
  const [open, setOpen] = useState<number | null>(null)
  const chip = (value: string, label: string) => (
    <button
      key={value || 'all'}
      type="button"
      aria-pressed={category === value}
      onClick={() => setSearch(value ? { category: value } : {}, { replace: true })}
      css={{
        padding: '6px 12px',
        borderRadius: 16,
        fontSize: FONT_SIZES.size40,
        fontWeight: 700,
        cursor: 'pointer',
        whiteSpace: 'nowrap',
        border: `1.5px solid ${category === value ? COLORS.text : COLORS.line}`,
        background: category === value ? COLORS.text : COLORS.surface,
        color: category === value ? COLORS.onBrand : COLORS.text,
      }}
    >
      {label}
    </button>
  )
  return (
    <AccountPage testId="faq" title={t(documentMessages.faqTitle)} lead={t(documentMessages.faqLead)}>
      <div
        css={{ display: 'flex', gap: 8, overflowX: 'auto', paddingBottom: 8, marginBottom: 12, [media.tabletUp]: { flexWrap: 'wrap', overflowX: 'visible' } }}
      >
        {chip('', t(documentMessages.all))}
        {INQUIRY_CATEGORIES.filter((code) => code !== 'other').map((code) => chip(code, t(supportMessages[code])))}
      </div>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, borderTop: `1px solid ${COLORS.line}` }}>
        {faqs.map((faq) => (
          <li key={faq.id} data-testid="faq-item" css={{ borderBottom: `1px solid ${COLORS.line}` }}>
            <button
              type="button"
              aria-expanded={open === faq.id}
              onClick={() => setOpen(open === faq.id ? null : faq.id)}
              css={{
                display: 'flex',
                gap: 10,
                width: '100%',
                textAlign: 'left',
                padding: '16px 4px',
                background: 'none',
                border: 0,
                cursor: 'pointer',
                font: 'inherit',
                color: COLORS.text,
                fontSize: 15,
                fontWeight: 600,
                lineHeight: 1.5,
              }}
            >
              <span css={{ color: COLORS.brand, fontWeight: 800 }}>Q</span>
              <span css={{ flex: 1 }}>{faq.question}</span>
              <span aria-hidden css={{ color: COLORS.textMuted, transform: open === faq.id ? 'rotate(90deg)' : 'none', transition: 'transform .15s' }}>
                ›
              </span>
            </button>
            {open === faq.id ? (
              <div css={{ display: 'flex', gap: 10, padding: '0 4px 18px', fontSize: FONT_SIZES.size50, lineHeight: 1.75, color: '#333' }}>
                <span css={{ color: COLORS.textMuted, fontWeight: 800 }}>A</span>
                <div css={{ flex: 1 }}>
                  <p css={{ margin: '0 0 6px' }}>{faq.answer}</p>
                  <Link to={`${path(routePath('account.faqDetail'))}?id=${faq.id}`} css={{ fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>
                    #{faq.id}
                  </Link>
                </div>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <div css={{ textAlign: 'center', marginTop: 32, padding: 24, background: COLORS.surfaceAlt, borderRadius: 14 }}>
        <p css={{ margin: '0 0 12px', fontWeight: 700 }}>{t(documentMessages.stillNeedHelp)}</p>
        <Link to={path(routePath('account.inquiry'))} css={{ ...primaryButton, width: 'auto', padding: '11px 28px' }} data-testid="faq-contact">
          {t(documentMessages.contact)}
        </Link>
      </div>
    </AccountPage>
  )
}
