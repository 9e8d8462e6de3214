import { api, COLORS, FONT_SIZES, useT } from '@koma/contracts'
import { formatDateTime, INQUIRY_CATEGORIES } from '@koma/contracts/domain'
import {
  checkCouponForm,
  checkFaqForm,
  checkNoticeForm,
  NOTICE_CATEGORIES,
  opsEndpoints,
  type CouponForm as CouponBody,
  type OpsCoupon,
  type OpsFaq,
  type OpsNotice,
} from '@koma/contracts/ops'
import { SelectField, TextField } from '@koma/contracts/ui'
import { useState, type ReactNode } from 'react'
import { invalidate, useResource } from '../cache'
import { OpsConsole } from '../console/OpsConsole'
import { fromLocalInput, toLocalInput } from '../console/problems'
import { FlagField } from '../console/FlagField'
import { LocalizedFields, localizedValues } from '../console/LocalizedFields'
import { buttonStyle, Panel, Problem, useInLanguage } from '../console/parts'
import { SubmitRow, useAction, useOpsForm, type Fields } from '../console/form'
import { campaignMessages, consoleMessages } from '../i18n/messages'
import { Gifts } from './Gifts'
import { HomeCampaigns } from './HomeCampaigns'
import { AddToggle, EndNow, formBox, grid, list, listItem, meta, Pager, RewardFields, rewardBody, row, useRewardText } from './parts'

/** The page's parts, in order, each with its anchor (the page is long on a phone). */
const PARTS = [
  { id: 'home', label: campaignMessages.homeNav, part: <HomeCampaigns /> },
  { id: 'gifts', label: campaignMessages.gifts, part: <Gifts /> },
  { id: 'coupons', label: campaignMessages.coupons, part: <Coupons /> },
  { id: 'notices', label: campaignMessages.notices, part: <Notices /> },
  { id: 'faq', label: campaignMessages.faqs, part: <Faqs /> },
] as const

export default function CampaignsPage() {
  const t = useT()
  return (
    <OpsConsole title={t(campaignMessages.title)} testId="ops-campaigns">
      <nav aria-label={t(campaignMessages.onThisPage)} css={{ display: 'flex', flexWrap: 'wrap', gap: '6px 16px', margin: '-4px 0 16px' }}>
        {PARTS.map(({ id, label }) => (
          <a key={id} href={`#campaigns-${id}`} css={{ color: COLORS.brandDark, fontWeight: 700, fontSize: FONT_SIZES.size50 }}>
            {t(label)}
          </a>
        ))}
      </nav>
      {PARTS.map(({ id, part }) => (
        <div key={id} id={`campaigns-${id}`} css={{ scrollMarginTop: 16 }}>
          {part}
        </div>
      ))}
    </OpsConsole>
  )
}

// ---------------------------------------------------------------------------------------------
// Coupons

function emptyCoupon(): Fields {
  return {
    code: '',
    kind: 'coin',
    coinType: 'bonus',
    amount: '',
    contentId: '',
    validDays: '',
    maxRedemptions: '',
    startsAt: '',
    endsAt: '',
    titleJa: '',
    titleEn: '',
    titleFr: '',
  }
}

/** The body the API checks (checkCouponForm): times as ISO, a coin type only for coins, a title only for tickets. */
export function couponBody(fields: Fields): CouponBody {
  return {
    ...fields,
    ...rewardBody(fields),
    maxRedemptions: (fields.maxRedemptions ?? '').trim(),
    startsAt: fromLocalInput(fields.startsAt ?? ''),
    endsAt: fromLocalInput(fields.endsAt ?? ''),
  }
}

function Coupons() {
  const t = useT()
  const [pageNo, setPageNo] = useState(1)
  const { coupons, page } = useResource(`ops:coupons:${pageNo}`, () => api.request(opsEndpoints.opsCoupons, { query: { pageNo: String(pageNo) } }))
  return (
    <Panel title={t(campaignMessages.coupons)} lead={t(campaignMessages.couponsLead)} testId="ops-coupons">
      <NewCoupon />
      {coupons.length === 0 ? <p css={{ color: COLORS.textMuted, margin: 0 }}>{t(campaignMessages.couponsEmpty)}</p> : null}
      <ul css={list}>
        {coupons.map((coupon) => (
          <CouponItem key={coupon.code} coupon={coupon} />
        ))}
      </ul>
      <Pager pageNo={pageNo} hasNext={page.hasNext} go={setPageNo} />
    </Panel>
  )
}

function NewCoupon() {
  const t = useT()
  const form = useOpsForm(
    emptyCoupon,
    (fields) => checkCouponForm(couponBody(fields), new Date()).errors,
    async (fields) => {
      await api.request(opsEndpoints.opsCouponCreate, { body: couponBody(fields) })
      form.setFields(emptyCoupon())
      invalidate('ops:coupons')
      invalidate('ops:audit')
    },
  )
  return (
    <form onSubmit={form.submit.onSubmit} noValidate data-testid="ops-coupon-form" css={{ marginBottom: 16 }}>
      <h3 css={{ fontSize: FONT_SIZES.size60, margin: '0 0 10px' }}>{t(campaignMessages.newCoupon)}</h3>
      <div css={grid(200)}>
        <TextField label={t(campaignMessages.code)} hint={t(campaignMessages.codeHint)} autoCapitalize="characters" {...form.field('code')} />
        <RewardFields form={form} />
        <TextField label={t(campaignMessages.maxRedemptions)} inputMode="numeric" {...form.field('maxRedemptions')} />
        <TextField type="datetime-local" label={t(campaignMessages.startsAt)} {...form.field('startsAt')} />
        <TextField type="datetime-local" label={t(campaignMessages.endsAt)} {...form.field('endsAt')} />
      </div>
      <LocalizedFields field={form.field} title={['title', campaignMessages.couponTitleIn]} />
      <Problem text={form.submit.problem} />
      <SubmitRow pending={form.submit.pending} label={t(campaignMessages.create)} saved={form.saved} savedLabel={t(campaignMessages.created)} />
    </form>
  )
}

function CouponItem({ coupon }: { coupon: OpsCoupon }) {
  const t = useT()
  const inLanguage = useInLanguage()
  const action = useAction()
  const end = () =>
    action.run(async () => {
      await api.request(opsEndpoints.opsCouponEnd, { params: { code: coupon.code } })
      invalidate('ops:coupons')
      invalidate('ops:audit')
    })
  const reward = useRewardText()(coupon)
  return (
    <li data-testid="ops-coupon" data-code={coupon.code} css={listItem}>
      <p css={{ margin: '0 0 4px', fontWeight: 700 }}>
        <code css={{ fontSize: FONT_SIZES.size60 }}>{coupon.code}</code>
        <span css={{ marginLeft: 10, color: coupon.live ? COLORS.free : COLORS.textMuted, fontSize: FONT_SIZES.size40 }}>
          {t(coupon.live ? campaignMessages.live : campaignMessages.notLive)}
        </span>
      </p>
      <p css={{ margin: '0 0 4px' }}>
        {inLanguage(coupon.titles)} · {reward}
      </p>
      <p css={meta}>
        {t(campaignMessages.period, {
          start: formatDateTime(coupon.startsAt),
          end: coupon.endsAt ? formatDateTime(coupon.endsAt) : t(campaignMessages.noEnd),
        })}{' '}
        ·{' '}
        {coupon.maxRedemptions
          ? t(campaignMessages.redeemedOf, { count: coupon.redeemed, max: coupon.maxRedemptions })
          : t(campaignMessages.redeemed, { count: coupon.redeemed })}
      </p>
      {coupon.live ? (
        <div css={row}>
          <EndNow name={coupon.code} question={campaignMessages.confirmEndCoupon} pending={action.pending} end={() => void end()} />
        </div>
      ) : null}
      <Problem text={action.problem} />
    </li>
  )
}

// ---------------------------------------------------------------------------------------------
// Notices and FAQ: create, edit, delete

/** Delete with a second click to confirm (nothing is sent on the first). */
function DeleteButton({ remove }: { remove: () => Promise<void> }) {
  const t = useT()
  const [asked, setAsked] = useState(false)
  const action = useAction()
  const go = async () => {
    if (!asked) {
      setAsked(true)
      return
    }
    await action.run(remove)
  }
  return (
    <>
      <button type="button" disabled={action.pending} onClick={() => void go()} css={buttonStyle(asked ? 'primary' : 'plain')}>
        {t(asked ? campaignMessages.confirmDelete : campaignMessages.delete)}
      </button>
      {asked ? (
        <button type="button" onClick={() => setAsked(false)} css={buttonStyle('plain')}>
          {t(campaignMessages.cancel)}
        </button>
      ) : null}
      {action.problem ? (
        <p role="alert" css={{ color: COLORS.brandDark, margin: '8px 0 0', flexBasis: '100%' }}>
          {action.problem}
        </p>
      ) : null}
    </>
  )
}

/** A notice or an FAQ entry: its line and title, its form in place when edited, a confirmed delete. */
function EditableItem(props: {
  testId: string
  data: Record<`data-${string}`, number>
  meta: ReactNode
  title: string
  form: (done: () => void) => ReactNode
  /** The list it belongs to: refreshed, with the audit log, after a delete. */
  listKey: 'ops:notices' | 'ops:faqs'
  remove: () => Promise<unknown>
}) {
  const t = useT()
  const [editing, setEditing] = useState(false)
  if (editing) return props.form(() => setEditing(false))
  return (
    <li data-testid={props.testId} {...props.data} css={listItem}>
      <p css={meta}>{props.meta}</p>
      <p css={{ margin: 0, fontWeight: 700 }}>{props.title}</p>
      <div css={row}>
        <button type="button" css={buttonStyle('plain')} onClick={() => setEditing(true)}>
          {t(campaignMessages.edit)}
        </button>
        <DeleteButton
          remove={async () => {
            await props.remove()
            invalidate(props.listKey)
            invalidate('ops:audit')
          }}
        />
      </div>
    </li>
  )
}

const NOTICE_LABELS = {
  notice: campaignMessages.catNotice,
  event: campaignMessages.catEvent,
  maintenance: campaignMessages.catMaintenance,
  update: campaignMessages.catUpdate,
} as const

function noticeFields(notice: OpsNotice | null): Fields {
  return {
    category: notice?.category ?? 'notice',
    pinned: notice?.pinned ? 'true' : 'false',
    publishedAt: notice ? toLocalInput(notice.publishedAt) : '',
    ...localizedValues(notice?.texts, ['title', 'body']),
  }
}

export const noticeBody = (fields: Fields): Fields => ({ ...fields, publishedAt: fromLocalInput(fields.publishedAt ?? '') })

function Notices() {
  const t = useT()
  const [pageNo, setPageNo] = useState(1)
  const { notices, page } = useResource(`ops:notices:${pageNo}`, () => api.request(opsEndpoints.opsNotices, { query: { pageNo: String(pageNo) } }))
  return (
    <Panel title={t(campaignMessages.notices)} lead={t(campaignMessages.noticesLead)} testId="ops-notices">
      <AddToggle label={t(campaignMessages.newNotice)} form={(done) => <NoticeForm notice={null} done={done} />} />
      {notices.length === 0 ? <p css={{ color: COLORS.textMuted, margin: 0 }}>{t(campaignMessages.noticesEmpty)}</p> : null}
      <ul css={list}>
        {notices.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} />
        ))}
      </ul>
      <Pager pageNo={pageNo} hasNext={page.hasNext} go={setPageNo} />
    </Panel>
  )
}

function NoticeItem({ notice }: { notice: OpsNotice }) {
  const t = useT()
  const inLanguage = useInLanguage()
  return (
    <EditableItem
      testId="ops-notice"
      data={{ 'data-notice': notice.id }}
      meta={
        <>
          {t(NOTICE_LABELS[notice.category])} ·{' '}
          {t(notice.live ? campaignMessages.publishedOn : campaignMessages.scheduledFor, { date: formatDateTime(notice.publishedAt) })}
          {notice.pinned ? ` · ${t(campaignMessages.pinnedBadge)}` : ''}
        </>
      }
      title={inLanguage({ ja: notice.texts.ja?.title, en: notice.texts.en?.title, fr: notice.texts.fr?.title })}
      form={(done) => <NoticeForm notice={notice} done={done} />}
      listKey="ops:notices"
      remove={() => api.request(opsEndpoints.opsNoticeDelete, { params: { id: String(notice.id) } })}
    />
  )
}

function NoticeForm({ notice, done }: { notice: OpsNotice | null; done: () => void }) {
  const t = useT()
  const form = useOpsForm(
    () => noticeFields(notice),
    (fields) => checkNoticeForm(noticeBody(fields), new Date()).errors,
    async (fields) => {
      if (notice) await api.request(opsEndpoints.opsNoticeUpdate, { params: { id: String(notice.id) }, body: noticeBody(fields) })
      else await api.request(opsEndpoints.opsNoticeCreate, { body: noticeBody(fields) })
      invalidate('ops:notices')
      invalidate('ops:audit')
      done()
    },
  )
  return (
    <form onSubmit={form.submit.onSubmit} noValidate data-testid="ops-notice-form" css={formBox}>
      <h3 css={{ fontSize: FONT_SIZES.size60, margin: '0 0 10px' }}>{notice ? t(campaignMessages.edit) : t(campaignMessages.newNotice)}</h3>
      <div css={grid(200)}>
        <SelectField label={t(campaignMessages.category)} {...form.field('category')}>
          {NOTICE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(NOTICE_LABELS[category])}
            </option>
          ))}
        </SelectField>
        <TextField type="datetime-local" label={t(campaignMessages.publishedAt)} {...form.field('publishedAt')} />
        <FlagField form={form} name="pinned" label={t(campaignMessages.pinned)} />
      </div>
      <LocalizedFields field={form.field} title={['title', campaignMessages.titleIn]} body={['body', campaignMessages.bodyIn]} />
      <Problem text={form.submit.problem} />
      <SubmitRow pending={form.submit.pending} label={t(notice ? consoleMessages.save : campaignMessages.create)} saved={false} savedLabel="">
        <button type="button" css={buttonStyle('plain')} onClick={done}>
          {t(campaignMessages.cancel)}
        </button>
      </SubmitRow>
    </form>
  )
}

const FAQ_LABELS = {
  manual: campaignMessages.faqManual,
  account: campaignMessages.faqAccount,
  bug: campaignMessages.faqBug,
  event: campaignMessages.faqEvent,
  suggestions: campaignMessages.faqSuggestions,
  coin: campaignMessages.faqCoin,
  other: campaignMessages.faqOther,
} as const

function faqFields(faq: OpsFaq | null): Fields {
  return { category: faq?.category ?? 'manual', sort: faq ? String(faq.sort) : '', ...localizedValues(faq?.texts, ['question', 'answer']) }
}

function Faqs() {
  const t = useT()
  const { faqs } = useResource('ops:faqs', () => api.request(opsEndpoints.opsFaqs))
  return (
    <Panel title={t(campaignMessages.faqs)} lead={t(campaignMessages.faqsLead)} testId="ops-faqs">
      <AddToggle label={t(campaignMessages.newFaq)} form={(done) => <FaqForm faq={null} done={done} />} />
      {faqs.length === 0 ? <p css={{ color: COLORS.textMuted, margin: 0 }}>{t(campaignMessages.faqsEmpty)}</p> : null}
      <ul css={list}>
        {faqs.map((faq) => (
          <FaqItem key={faq.id} faq={faq} />
        ))}
      </ul>
    </Panel>
  )
}

function FaqItem({ faq }: { faq: OpsFaq }) {
  const t = useT()
  const inLanguage = useInLanguage()
  return (
    <EditableItem
      testId="ops-faq"
      data={{ 'data-faq': faq.id }}
      meta={
        <>
          {t(FAQ_LABELS[faq.category])} · {t(campaignMessages.sort)}: {faq.sort}
        </>
      }
      title={inLanguage({ ja: faq.texts.ja?.question, en: faq.texts.en?.question, fr: faq.texts.fr?.question })}
      form={(done) => <FaqForm faq={faq} done={done} />}
      listKey="ops:faqs"
      remove={() => api.request(opsEndpoints.opsFaqDelete, { params: { id: String(faq.id) } })}
    />
  )
}

function FaqForm({ faq, done }: { faq: OpsFaq | null; done: () => void }) {
  const t = useT()
  const form = useOpsForm(
    () => faqFields(faq),
    (fields) => checkFaqForm(fields).errors,
    async (fields) => {
      if (faq) await api.request(opsEndpoints.opsFaqUpdate, { params: { id: String(faq.id) }, body: fields })
      else await api.request(opsEndpoints.opsFaqCreate, { body: fields })
      invalidate('ops:faqs')
      invalidate('ops:audit')
      done()
    },
  )
  return (
    <form onSubmit={form.submit.onSubmit} noValidate data-testid="ops-faq-form" css={formBox}>
      <h3 css={{ fontSize: FONT_SIZES.size60, margin: '0 0 10px' }}>{faq ? t(campaignMessages.edit) : t(campaignMessages.newFaq)}</h3>
      <div css={grid(200)}>
        <SelectField label={t(campaignMessages.category)} {...form.field('category')}>
          {INQUIRY_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(FAQ_LABELS[category])}
            </option>
          ))}
        </SelectField>
        <TextField label={t(campaignMessages.sort)} inputMode="numeric" {...form.field('sort')} />
      </div>
      <LocalizedFields field={form.field} title={['question', campaignMessages.questionIn]} body={['answer', campaignMessages.answerIn]} />
      <Problem text={form.submit.problem} />
      <SubmitRow pending={form.submit.pending} label={t(faq ? consoleMessages.save : campaignMessages.create)} saved={false} savedLabel="">
        <button type="button" css={buttonStyle('plain')} onClick={done}>
          {t(campaignMessages.cancel)}
        </button>
      </SubmitRow>
    </form>
  )
}
