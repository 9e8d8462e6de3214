import { api, COLORS, FONT_SIZES, LOCALES, routePath, useLocalePath, useT, type Locale } from '@koma/contracts'
import { formatDateTime } from '@koma/contracts/domain'
import {
  checkChapterSalesForm,
  checkTitleTextsForm,
  localizedField,
  opsEndpoints,
  PURCHASE_WAYS,
  RENT_WAYS,
  type ChapterSalesForm,
  type FieldError,
  type OpsChapter,
  type OpsTitle,
} from '@koma/contracts/ops'
import { TextArea, TextField, useSubmit } from '@koma/contracts/ui'
import { useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { invalidate, useResource } from '../cache'
import { SubmitRow, useFailure, useOpsForm } from '../console/form'
import { OpsConsole } from '../console/OpsConsole'
import { buttonStyle, LanguageColumns, Panel, Problem, Saved, useInLanguage } from '../console/parts'
import { fromLocalInput, problemText, toLocalInput } from '../console/problems'
import { consoleMessages, contentMessages, languageMessages } from '../i18n/messages'
import { PageDescriptions } from './PageDescriptions'
import { LabelsPanel, VisibilityPanel } from './TitleLabels'

export default function TitlePage() {
  const t = useT()
  const { id } = useParams() as { id: string }
  return (
    <OpsConsole title={t(contentMessages.title)} testId="ops-title">
      <TitleEditor id={id} />
    </OpsConsole>
  )
}

function TitleEditor({ id }: { id: string }) {
  const t = useT()
  const inLanguage = useInLanguage()
  const path = useLocalePath()
  const title = useResource(`ops:title:${id}`, () => api.request(opsEndpoints.opsTitle, { params: { id } }))
  return (
    <>
      <p css={{ margin: '0 0 12px' }}>
        <Link to={path(routePath('ops.titles'))}>{t(contentMessages.back)}</Link>
      </p>
      <h2 data-testid="ops-title-name" css={{ fontSize: FONT_SIZES.size80, margin: '0 0 4px', overflowWrap: 'anywhere' }}>
        {inLanguage(title.names) || t(contentMessages.noName)}
      </h2>
      <p css={{ margin: '0 0 16px', color: COLORS.textMuted, fontSize: FONT_SIZES.size40 }}>
        {t(contentMessages.meta, { id: title.id, type: title.type, status: title.status })} · {t(contentMessages.chapterCount, { count: title.chapters })}
        {title.hiddenAt ? <strong css={{ color: COLORS.brandDark }}> · {t(contentMessages.hiddenTag)}</strong> : null}
      </p>
      <VisibilityPanel title={title} />
      <TextsForm key={title.id} title={title} />
      <LabelsPanel key={`labels:${title.id}`} title={title} />
      <Panel title={t(contentMessages.chapters)} lead={t(contentMessages.chaptersLead)} testId="ops-chapters">
        {title.chapterList.length === 0 ? <p css={{ margin: 0, color: COLORS.textMuted }}>{t(contentMessages.noChapters)}</p> : null}
        {title.chapterList.map((chapter) => (
          <ChapterForm key={chapter.id} titleId={id} chapter={chapter} />
        ))}
      </Panel>
    </>
  )
}

/** Names (required) and descriptions in ja, en and fr, checked by the API's own rule before sending. */
function TextsForm({ title }: { title: OpsTitle }) {
  const t = useT()
  const form = useOpsForm(
    () =>
      Object.fromEntries(
        LOCALES.flatMap((locale) => [
          [localizedField('name', locale), title.names[locale]],
          [localizedField('description', locale), title.descriptions[locale]],
        ]),
      ),
    (fields) => checkTitleTextsForm(fields).errors,
    async (fields) => {
      await api.request(opsEndpoints.opsTitleTexts, { params: { id: String(title.id) }, body: fields })
      invalidate('ops:title')
      invalidate('ops:audit')
    },
  )
  const language = (locale: Locale) => t(languageMessages[locale])
  return (
    <Panel title={t(contentMessages.texts)} lead={t(contentMessages.textsLead)} testId="ops-title-texts">
      <form onSubmit={form.submit.onSubmit} noValidate>
        <LanguageColumns>
          {(locale) => (
            <>
              <TextField label={t(contentMessages.nameIn, { language: language(locale) })} {...form.field(localizedField('name', locale))} />
              <TextArea label={t(contentMessages.descriptionIn, { language: language(locale) })} {...form.field(localizedField('description', locale))} />
            </>
          )}
        </LanguageColumns>
        <Problem text={form.submit.problem} />
        <SubmitRow pending={form.submit.pending} label={t(consoleMessages.save)} saved={form.saved} savedLabel={t(consoleMessages.saved)} />
      </form>
    </Panel>
  )
}

const WAY_LABELS = { gauge: contentMessages.wayGauge, ticket: contentMessages.wayTicket, coin: contentMessages.wayCoin } as const

interface ChapterFields {
  publishedAt: string
  free: boolean
  price: string
  originalPrice: string
  rentalPrice: string
  originalRentalPrice: string
  rentAllowedWith: string[]
  purchaseAllowedWith: string[]
}

/** A price as the form shows it: none (0, or -1: not sold that way) is empty; an original price equal to the price is empty too. */
const coins = (value: number, same?: number) => (value > 0 && value !== same ? String(value) : '')

function initialChapter(chapter: OpsChapter): ChapterFields {
  return {
    publishedAt: toLocalInput(chapter.publishedAt, { seconds: true }),
    free: chapter.free,
    price: coins(chapter.price),
    originalPrice: coins(chapter.originalPrice, chapter.price),
    rentalPrice: coins(chapter.rentalPrice),
    originalRentalPrice: coins(chapter.originalRentalPrice, chapter.rentalPrice),
    rentAllowedWith: [...chapter.rentAllowedWith],
    purchaseAllowedWith: [...chapter.purchaseAllowedWith],
  }
}

/** The body the API checks (checkChapterSalesForm) from the form's fields. */
export function chapterBody(fields: ChapterFields): ChapterSalesForm {
  return {
    publishedAt: fromLocalInput(fields.publishedAt),
    free: fields.free ? 'true' : 'false',
    price: fields.price.trim(),
    originalPrice: fields.originalPrice.trim(),
    rentalPrice: fields.rentalPrice.trim(),
    originalRentalPrice: fields.originalRentalPrice.trim(),
    rentAllowedWith: fields.rentAllowedWith,
    purchaseAllowedWith: fields.purchaseAllowedWith,
  }
}

/** A chapter's publication time and sales config, folded until opened. */
function ChapterForm({ titleId, chapter }: { titleId: string; chapter: OpsChapter }) {
  const t = useT()
  const inLanguage = useInLanguage()
  const failure = useFailure()
  const [fields, setFields] = useState(() => initialChapter(chapter))
  const [errors, setErrors] = useState<FieldError[]>([])
  const [saved, setSaved] = useState(false)
  const [open, setOpen] = useState(false)
  const save = useSubmit(
    async () => {
      await api.request(opsEndpoints.opsChapterSales, { params: { id: String(chapter.id) }, body: chapterBody(fields) })
      setSaved(true)
      invalidate(`ops:title:${titleId}`)
      invalidate('ops:audit')
    },
    {
      check: () => {
        setSaved(false)
        const found = checkChapterSalesForm(chapterBody(fields)).errors
        setErrors(found)
        return found.length === 0
      },
      failure,
    },
  )
  const text = (name: 'price' | 'originalPrice' | 'rentalPrice' | 'originalRentalPrice') => ({
    name,
    inputMode: 'numeric' as const,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value })),
    error: problemText(t, errors, name),
  })
  const toggle = (list: 'rentAllowedWith' | 'purchaseAllowedWith', way: string) => (event: { target: { checked: boolean } }) =>
    setFields((current) => ({
      ...current,
      [list]: event.target.checked ? [...current[list], way] : current[list].filter((item) => item !== way),
    }))
  const upcoming = Date.parse(chapter.publishedAt) > Date.now()
  const name = inLanguage(chapter.names)
  const groupError = (field: string) => {
    const message = problemText(t, errors, field)
    return message ? (
      <p role="alert" css={{ color: COLORS.brandDark, fontSize: FONT_SIZES.size40, margin: '6px 0 0' }}>
        {message}
      </p>
    ) : null
  }
  return (
    <details
      data-testid="ops-chapter"
      data-chapter={chapter.id}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      css={{ borderTop: `1px solid ${COLORS.line}`, padding: '10px 0' }}
    >
      <summary css={{ cursor: 'pointer', display: 'flex', flexWrap: 'wrap', gap: '4px 12px', alignItems: 'baseline' }}>
        <strong css={{ overflowWrap: 'anywhere' }}>{t(contentMessages.chapterName, { sort: chapter.sort, name })}</strong>
        <span data-testid="ops-chapter-state" css={{ fontSize: FONT_SIZES.size40, color: upcoming ? COLORS.brandDark : COLORS.textMuted }}>
          {t(upcoming ? contentMessages.comingSoon : contentMessages.published, { date: formatDateTime(chapter.publishedAt) })} ·{' '}
          {t(chapter.free ? contentMessages.freeNow : contentMessages.paidNow)}
        </span>
      </summary>
      {open ? (
        <form onSubmit={save.onSubmit} noValidate css={{ marginTop: 12 }}>
          <div css={{ display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
            <TextField
              type="datetime-local"
              // To the second: a chapter scheduled at 10:00:30 stays there when saved untouched.
              step={1}
              label={t(contentMessages.publishedAt)}
              name="publishedAt"
              value={fields.publishedAt}
              onChange={(event) => setFields((current) => ({ ...current, publishedAt: event.target.value }))}
              error={problemText(t, errors, 'publishedAt')}
            />
            <label css={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 16, fontWeight: 700 }}>
              <input
                type="checkbox"
                name="free"
                checked={fields.free}
                onChange={(event) => setFields((current) => ({ ...current, free: event.target.checked }))}
                css={{ width: 20, height: 20 }}
              />
              {t(contentMessages.free)}
            </label>
          </div>
          <div css={{ display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', alignItems: 'end' }}>
            <TextField label={t(contentMessages.price)} {...text('price')} />
            <TextField label={t(contentMessages.originalPrice)} {...text('originalPrice')} />
            <TextField label={t(contentMessages.rentalPrice)} {...text('rentalPrice')} />
            <TextField label={t(contentMessages.originalRentalPrice)} {...text('originalRentalPrice')} />
          </div>
          <div css={{ display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', marginBottom: 16 }}>
            <fieldset css={{ border: 0, margin: 0, padding: 0 }}>
              <legend css={{ fontSize: FONT_SIZES.size40, fontWeight: 700, marginBottom: 6 }}>{t(contentMessages.rentWith)}</legend>
              {RENT_WAYS.map((way) => (
                <label key={way} css={{ display: 'inline-flex', alignItems: 'center', gap: 6, marginRight: 16, minHeight: 32 }}>
                  <input type="checkbox" checked={fields.rentAllowedWith.includes(way)} onChange={toggle('rentAllowedWith', way)} />
                  {t(WAY_LABELS[way])}
                </label>
              ))}
              {groupError('rentAllowedWith')}
            </fieldset>
            <fieldset css={{ border: 0, margin: 0, padding: 0 }}>
              <legend css={{ fontSize: FONT_SIZES.size40, fontWeight: 700, marginBottom: 6 }}>{t(contentMessages.purchaseWith)}</legend>
              {PURCHASE_WAYS.map((way) => (
                <label key={way} css={{ display: 'inline-flex', alignItems: 'center', gap: 6, marginRight: 16, minHeight: 32 }}>
                  <input type="checkbox" checked={fields.purchaseAllowedWith.includes(way)} onChange={toggle('purchaseAllowedWith', way)} />
                  {t(WAY_LABELS[way])}
                </label>
              ))}
              {groupError('purchaseAllowedWith')}
            </fieldset>
          </div>
          <Problem text={save.problem} />
          <button type="submit" disabled={save.pending} css={buttonStyle()}>
            {t(save.pending ? consoleMessages.saving : contentMessages.saveChapter)}
          </button>
          <Saved shown={saved} />
        </form>
      ) : null}
      {open ? <PageDescriptions chapterId={chapter.id} /> : null}
    </details>
  )
}
