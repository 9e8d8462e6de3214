import { api, COLORS, FONT_SIZES, LOCALES, useT } from '@koma/contracts'
import { stripPageSources } from '@koma/contracts/domain'
import { checkPageDescriptionForm, localizedField, opsEndpoints, type OpsPage } from '@koma/contracts/ops'
import { SelectField, TextArea } from '@koma/contracts/ui'
import { Suspense, useState } from 'react'
import { invalidate, useResource } from '../cache'
import { SubmitRow, useOpsForm } from '../console/form'
import { LanguageColumns, Problem } from '../console/parts'
import { consoleMessages, languageMessages, pageMessages } from '../i18n/messages'

/**
 * Described comic pages (issue 37): a chapter's pages, one at a time, each with what it shows
 * (who, what happens, the dialogue) in ja, en and fr, read by screen readers in the viewer.
 */
export function PageDescriptions({ chapterId }: { chapterId: number }) {
  const t = useT()
  return (
    <section data-testid="ops-page-descriptions" css={{ marginTop: 20, paddingTop: 12, borderTop: `1px dashed ${COLORS.line}` }}>
      <h4 css={{ margin: '0 0 4px', fontSize: FONT_SIZES.size50 }}>{t(pageMessages.heading)}</h4>
      <p css={{ margin: '0 0 12px', color: COLORS.textMuted, fontSize: FONT_SIZES.size40 }}>{t(pageMessages.lead)}</p>
      <Suspense fallback={<p css={{ margin: 0, color: COLORS.textMuted }}>{t(pageMessages.loading)}</p>}>
        <PagePicker chapterId={chapterId} />
      </Suspense>
    </section>
  )
}

const described = (page: OpsPage) => LOCALES.every((locale) => page.descriptions[locale])

function PagePicker({ chapterId }: { chapterId: number }) {
  const t = useT()
  const { pages } = useResource(`ops:pages:${chapterId}`, () => api.request(opsEndpoints.opsChapterPages, { params: { id: String(chapterId) } }))
  const [sort, setSort] = useState(() => pages[0]?.sort ?? 0)
  const page = pages.find((candidate) => candidate.sort === sort)
  if (!pages.length) return <p css={{ margin: 0, color: COLORS.textMuted }}>{t(pageMessages.noPages)}</p>
  const done = pages.filter(described).length
  return (
    <>
      <p data-testid="ops-pages-described" css={{ margin: '0 0 8px', fontSize: FONT_SIZES.size40 }}>
        {t(pageMessages.progress, { done, total: pages.length })}
      </p>
      <SelectField label={t(pageMessages.page)} name="page" value={String(sort)} onChange={(event) => setSort(Number(event.target.value))}>
        {pages.map((candidate) => (
          <option key={candidate.sort} value={candidate.sort}>
            {t(described(candidate) ? pageMessages.pageDescribed : pageMessages.pageUndescribed, { page: candidate.sort })}
          </option>
        ))}
      </SelectField>
      {page ? <PageForm key={page.sort} chapterId={chapterId} page={page} /> : null}
    </>
  )
}

function PageForm({ chapterId, page }: { chapterId: number; page: OpsPage }) {
  const t = useT()
  const form = useOpsForm(
    () => Object.fromEntries(LOCALES.map((locale) => [localizedField('description', locale), page.descriptions[locale]])),
    (fields) => checkPageDescriptionForm(fields).errors,
    async (fields) => {
      await api.request(opsEndpoints.opsPageDescription, { params: { id: String(chapterId), sort: String(page.sort) }, body: fields })
      invalidate(`ops:pages:${chapterId}`)
      invalidate('ops:audit')
    },
  )
  // Tall strips are shown as their top: enough to know which page this is.
  const image = page.image.tiles?.[0] ?? page.image
  return (
    <div css={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', alignItems: 'start' }}>
      <img
        // A small preset of the page, as the viewer asks for one (the original may be large).
        src={stripPageSources(image.url, true, 240).src}
        width={image.width}
        height={image.height}
        // What the operator writes is this page's text; here the image is named by its number.
        alt={t(pageMessages.pageImage, { page: page.sort })}
        css={{ width: '100%', maxWidth: 240, height: 'auto', border: `1px solid ${COLORS.line}` }}
      />
      <form onSubmit={form.submit.onSubmit} noValidate data-testid="ops-page-form">
        <LanguageColumns>
          {(locale) => (
            <TextArea label={t(pageMessages.descriptionIn, { language: t(languageMessages[locale]) })} {...form.field(localizedField('description', locale))} />
          )}
        </LanguageColumns>
        <Problem text={form.submit.problem} />
        <SubmitRow pending={form.submit.pending} label={t(pageMessages.save)} saved={form.saved} savedLabel={t(consoleMessages.saved)} />
      </form>
    </div>
  )
}
