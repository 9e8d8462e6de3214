import { api, COLORS, FONT_SIZES, useT } from '@koma/contracts'
import { BADGES, BANNER_ELEMENT_TYPES, HOME_ELEMENT_UI_TYPES } from '@koma/contracts/domain'
import {
  checkBannerForm,
  checkPopupForm,
  checkSectionForm,
  isShuffledType,
  opsEndpoints,
  POPUP_CATEGORIES,
  type OpsHome,
  type OpsHomeElement,
  type OpsHomeSection,
} from '@koma/contracts/ops'
import { SelectField, TextField } from '@koma/contracts/ui'
import type { ReactNode } from 'react'
import { invalidate, useResource } from '../cache'
import { FlagField } from '../console/FlagField'
import { LocalizedFields } from '../console/LocalizedFields'
import { buttonStyle, Panel, Problem, useInLanguage } from '../console/parts'
import { fromLocalInput } from '../console/problems'
import { SubmitRow, useOpsForm, type Fields } from '../console/form'
import { campaignMessages } from '../i18n/messages'
import { AddToggle, CampaignItem, CampaignList, formBox, grid, PreviewLinks } from './parts'

/**
 * The home page's campaigns (issue 17): popups, banners and sections, each from its start to its
 * end, checked by the API's own rules before anything is sent, with a preview of the reader's
 * home in each language and an end button.
 */
export function HomeCampaigns() {
  const home = useResource('ops:home', () => api.request(opsEndpoints.opsHome))
  return (
    <>
      <Popups home={home} />
      <Banners home={home} />
      <Sections home={home} />
    </>
  )
}

const changed = () => {
  invalidate('ops:home')
  invalidate('ops:audit')
}
/** The form's date-time inputs (local time) as ISO, the switches as the API reads them. */
const timed = (fields: Fields): Fields => ({ ...fields, startsAt: fromLocalInput(fields.startsAt ?? ''), endsAt: fromLocalInput(fields.endsAt ?? '') })

/**
 * A new campaign's form: its own fields in a grid, then a switch or two, the dates, the texts in
 * every language, the refusal and the buttons.
 */
function CampaignForm({
  form,
  testId,
  title,
  children,
  flags,
  texts,
  done,
}: {
  form: ReturnType<typeof useOpsForm>
  testId: string
  title: string
  children: ReactNode
  flags?: ReactNode
  texts: ReactNode
  done: () => void
}) {
  const t = useT()
  return (
    <form onSubmit={form.submit.onSubmit} noValidate data-testid={testId} css={formBox}>
      <h3 css={{ fontSize: FONT_SIZES.size60, margin: '0 0 10px' }}>{title}</h3>
      <div css={grid(200)}>{children}</div>
      {flags}
      <div css={grid(200)}>
        <TextField type="datetime-local" label={t(campaignMessages.startsAt)} {...form.field('startsAt')} />
        <TextField type="datetime-local" label={t(campaignMessages.endsAt)} {...form.field('endsAt')} />
      </div>
      {texts}
      <Problem text={form.submit.problem} />
      <SubmitRow pending={form.submit.pending} label={t(campaignMessages.create)} saved={false} savedLabel="">
        <button type="button" css={buttonStyle('plain')} onClick={done}>
          {t(campaignMessages.cancel)}
        </button>
      </SubmitRow>
    </form>
  )
}

// ---------------------------------------------------------------------------------------------
// Popups

const CATEGORY_LABELS = { free: campaignMessages.catFree, event: campaignMessages.catEvent, notice: campaignMessages.catNotice } as const

function Popups({ home }: { home: OpsHome }) {
  const t = useT()
  const inLanguage = useInLanguage()
  const pageName = usePageName()
  return (
    <Panel title={t(campaignMessages.popups)} lead={t(campaignMessages.popupsLead)} testId="ops-popups">
      <AddToggle label={t(campaignMessages.newPopup)} form={(done) => <PopupForm pages={home.pages} done={done} />} />
      {home.popups.length === 0 ? <p css={{ color: COLORS.textMuted, margin: 0 }}>{t(campaignMessages.popupsEmpty)}</p> : null}
      <CampaignList
        items={home.popups}
        render={(popup) => (
          <CampaignItem
            key={popup.id}
            testId="ops-popup"
            id={popup.id}
            heading={inLanguage({ ja: popup.texts.ja.title, en: popup.texts.en.title, fr: popup.texts.fr.title })}
            details={[
              popup.category ? t(CATEGORY_LABELS[popup.category]) : t(campaignMessages.popupKindImage),
              pageName(popup.page),
              popup.repeatHours ? t(campaignMessages.repeatEvery, { hours: popup.repeatHours }) : t(campaignMessages.once),
            ].join(' · ')}
            window={popup}
            state={popup.state}
            preview={<PreviewLinks startsAt={popup.startsAt} show={{ popup: popup.id }} mature={popup.mature} />}
            end={() => api.request(opsEndpoints.opsPopupEnd, { params: { id: String(popup.id) } }).then(changed)}
          />
        )}
      />
    </Panel>
  )
}

function usePageName(): (page: string) => string {
  const t = useT()
  return (page) => (page === 'main' ? t(campaignMessages.pageMain) : t(campaignMessages.pageMenu, { code: page }))
}

function PopupForm({ pages, done }: { pages: string[]; done: () => void }) {
  const t = useT()
  const pageName = usePageName()
  const form = useOpsForm(
    () => ({ kind: 'content', category: 'event', page: 'main', repeatHours: '24', mature: 'false' }),
    (fields) => checkPopupForm(timed(fields), new Date()).errors,
    async (fields) => {
      await api.request(opsEndpoints.opsPopupCreate, { body: timed(fields) })
      changed()
      done()
    },
  )
  return (
    <CampaignForm
      form={form}
      testId="ops-popup-form"
      title={t(campaignMessages.newPopup)}
      done={done}
      flags={<FlagField form={form} name="mature" label={t(campaignMessages.matureOnly)} />}
      texts={<LocalizedFields field={form.field} title={['title', campaignMessages.titleIn]} body={['description', campaignMessages.descriptionIn]} />}
    >
      <SelectField label={t(campaignMessages.popupKind)} {...form.field('kind')}>
        <option value="content">{t(campaignMessages.popupKindContent)}</option>
        <option value="image">{t(campaignMessages.popupKindImage)}</option>
      </SelectField>
      {form.fields.kind === 'image' ? (
        <TextField label={t(campaignMessages.artContentId)} inputMode="numeric" {...form.field('artContentId')} />
      ) : (
        <SelectField label={t(campaignMessages.category)} {...form.field('category')}>
          {POPUP_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(CATEGORY_LABELS[category])}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField label={t(campaignMessages.page)} {...form.field('page')}>
        {pages.map((page) => (
          <option key={page} value={page}>
            {pageName(page)}
          </option>
        ))}
      </SelectField>
      <TextField label={t(campaignMessages.link)} hint={t(campaignMessages.linkHint)} {...form.field('link')} />
      <TextField label={t(campaignMessages.repeatHours)} inputMode="numeric" {...form.field('repeatHours')} />
    </CampaignForm>
  )
}

// ---------------------------------------------------------------------------------------------
// Banners: the tiles of the banner sections

const bannerSection = (section: OpsHomeSection) => section.topBanner || (BANNER_ELEMENT_TYPES as readonly string[]).includes(section.elementType)

function useSectionName(): (section: OpsHomeSection) => string {
  const t = useT()
  const inLanguage = useInLanguage()
  return (section) =>
    section.topBanner ? t(campaignMessages.topBanner) : inLanguage({ ja: section.texts.ja.title, en: section.texts.en.title, fr: section.texts.fr.title })
}

function Banners({ home }: { home: OpsHome }) {
  const t = useT()
  const inLanguage = useInLanguage()
  const sectionName = useSectionName()
  const sections = home.sections.filter((section) => bannerSection(section) && section.state !== 'ended')
  const tile = (element: OpsHomeElement) =>
    inLanguage({ ja: element.texts.ja.title, en: element.texts.en.title, fr: element.texts.fr.title }) || `#${element.contentId ?? element.id}`
  return (
    <Panel title={t(campaignMessages.banners)} lead={t(campaignMessages.bannersLead)} testId="ops-banners">
      <AddToggle label={t(campaignMessages.newBanner)} form={(done) => <BannerForm sections={sections} done={done} />} />
      {sections.map((section) => (
        <details key={section.id} open={section.topBanner} data-testid="ops-banner-section" css={{ marginBottom: 10 }}>
          <summary css={{ cursor: 'pointer', fontWeight: 700, fontSize: FONT_SIZES.size50, padding: '6px 0' }}>
            {sectionName(section)} · {t(campaignMessages.tileCount, { count: section.elements.filter((element) => element.state !== 'ended').length })}
          </summary>
          <CampaignList
            items={section.elements}
            render={(element) => (
              <CampaignItem
                key={element.id}
                testId="ops-banner"
                id={element.id}
                heading={tile(element)}
                details={[element.link, element.badge ? t(campaignMessages.badgeName, { badge: element.badge }) : null].filter(Boolean).join(' · ')}
                window={element}
                state={element.state}
                preview={<PreviewLinks startsAt={element.startsAt} show={{ section: section.id }} mature={section.mature} />}
                end={() => api.request(opsEndpoints.opsBannerEnd, { params: { id: String(element.id) } }).then(changed)}
              />
            )}
          />
        </details>
      ))}
    </Panel>
  )
}

function BannerForm({ sections, done }: { sections: OpsHomeSection[]; done: () => void }) {
  const t = useT()
  const sectionName = useSectionName()
  const banner = (fields: Fields): Fields => ({ ...timed(fields), badgeEndsAt: fromLocalInput(fields.badgeEndsAt ?? '') })
  const form = useOpsForm(
    () => ({ sectionId: String(sections[0]?.id ?? ''), badge: '' }),
    (fields) => checkBannerForm(banner(fields), new Date()).errors,
    async (fields) => {
      await api.request(opsEndpoints.opsBannerCreate, { body: banner(fields) })
      changed()
      done()
    },
  )
  return (
    <CampaignForm
      form={form}
      testId="ops-banner-form"
      title={t(campaignMessages.newBanner)}
      done={done}
      texts={<LocalizedFields field={form.field} title={['title', campaignMessages.titleIn]} body={['text', campaignMessages.subtitleIn]} />}
    >
      <SelectField label={t(campaignMessages.section)} {...form.field('sectionId')}>
        {sections.map((section) => (
          <option key={section.id} value={section.id}>
            {sectionName(section)}
          </option>
        ))}
      </SelectField>
      <TextField label={t(campaignMessages.bannerTitle)} inputMode="numeric" {...form.field('contentId')} />
      <TextField label={t(campaignMessages.linkOrTitle)} hint={t(campaignMessages.linkHint)} {...form.field('link')} />
      <TextField label={t(campaignMessages.position)} inputMode="numeric" {...form.field('position')} />
      <SelectField label={t(campaignMessages.badge)} {...form.field('badge')}>
        <option value="">{t(campaignMessages.badgeNone)}</option>
        {BADGES.map((badge) => (
          <option key={badge} value={badge}>
            {badge}
          </option>
        ))}
      </SelectField>
      {form.fields.badge ? <TextField type="datetime-local" label={t(campaignMessages.badgeEndsAt)} {...form.field('badgeEndsAt')} /> : null}
    </CampaignForm>
  )
}

// ---------------------------------------------------------------------------------------------
// Sections (SPEC §4: shuffled element types show one section of each group)

const TYPE_LABELS = {
  content_list: campaignMessages.typeContentList,
  content_big: campaignMessages.typeContentBig,
  content_rank: campaignMessages.typeContentRank,
  banner: campaignMessages.typeBanner,
  banner_list_group: campaignMessages.typeBannerGroup,
  banner_list_content_big_group: campaignMessages.typeBigBannerGroup,
} as const

function Sections({ home }: { home: OpsHome }) {
  const t = useT()
  const sectionName = useSectionName()
  const typeName = (type: string) => (type in TYPE_LABELS ? t(TYPE_LABELS[type as keyof typeof TYPE_LABELS]) : type)
  return (
    <Panel title={t(campaignMessages.sections)} lead={t(campaignMessages.sectionsLead)} testId="ops-sections">
      <AddToggle label={t(campaignMessages.newSection)} form={(done) => <SectionForm done={done} />} />
      <CampaignList
        items={home.sections.filter((section) => !section.topBanner)}
        render={(section) => (
          <CampaignItem
            key={section.id}
            testId="ops-section"
            id={section.id}
            heading={sectionName(section)}
            details={[
              `#${section.sort}`,
              typeName(section.elementType),
              section.shuffleGroup !== null && isShuffledType(section.elementType) ? t(campaignMessages.groupName, { group: section.shuffleGroup }) : null,
              t(campaignMessages.titleCount, { count: section.elements.length }),
              section.mature ? t(campaignMessages.matureOnly) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
            window={section}
            state={section.state}
            preview={<PreviewLinks startsAt={section.startsAt} show={{ section: section.id }} mature={section.mature} />}
            end={() => api.request(opsEndpoints.opsSectionEnd, { params: { id: String(section.id) } }).then(changed)}
          />
        )}
      />
    </Panel>
  )
}

function SectionForm({ done }: { done: () => void }) {
  const t = useT()
  const section = (fields: Fields): Fields => ({ ...timed(fields), shuffleGroup: isShuffledType(fields.elementType ?? '') ? (fields.shuffleGroup ?? '') : '' })
  const form = useOpsForm(
    () => ({ elementType: 'content_list', mature: 'false' }),
    (fields) => checkSectionForm(section(fields), new Date()).errors,
    async (fields) => {
      await api.request(opsEndpoints.opsSectionCreate, { body: section(fields) })
      changed()
      done()
    },
  )
  return (
    <CampaignForm
      form={form}
      testId="ops-section-form"
      title={t(campaignMessages.newSection)}
      done={done}
      flags={<FlagField form={form} name="mature" label={t(campaignMessages.matureOnly)} />}
      texts={<LocalizedFields field={form.field} title={['title', campaignMessages.titleIn]} body={['text', campaignMessages.subtitleIn]} />}
    >
      <SelectField label={t(campaignMessages.elementType)} {...form.field('elementType')}>
        {HOME_ELEMENT_UI_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(TYPE_LABELS[type])}
          </option>
        ))}
      </SelectField>
      {isShuffledType(form.fields.elementType ?? '') ? (
        <TextField label={t(campaignMessages.shuffleGroup)} hint={t(campaignMessages.shuffleGroupHint)} {...form.field('shuffleGroup')} />
      ) : null}
      <TextField label={t(campaignMessages.contentIds)} hint={t(campaignMessages.contentIdsHint)} {...form.field('contentIds')} />
      <TextField label={t(campaignMessages.link)} hint={t(campaignMessages.linkHint)} {...form.field('link')} />
      <TextField label={t(campaignMessages.position)} inputMode="numeric" {...form.field('position')} />
    </CampaignForm>
  )
}
