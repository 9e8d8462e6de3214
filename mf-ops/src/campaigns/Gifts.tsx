import { api, COLORS, FONT_SIZES, useT } from '@koma/contracts'
import { checkGiftForm, opsEndpoints, type OpsGift } from '@koma/contracts/ops'
import { SelectField, TextField } from '@koma/contracts/ui'
import { useRef, useState } from 'react'
import { invalidate, useResource } from '../cache'
import { LocalizedFields } from '../console/LocalizedFields'
import { Panel, Problem, useInLanguage } from '../console/parts'
import { fromLocalInput } from '../console/problems'
import { SubmitRow, useOpsForm, type Fields } from '../console/form'
import { campaignMessages } from '../i18n/messages'
import { CampaignItem, CampaignList, grid, Pager, RewardFields, rewardBody, useRewardText } from './parts'

/**
 * Gifts to one member or to everyone (issue 17). Each form sends one request key, kept until its
 * gift is sent: a second click or a retried request is the same gift for the API, never two.
 */
export function Gifts() {
  const t = useT()
  const [pageNo, setPageNo] = useState(1)
  const { gifts, page } = useResource(`ops:gifts:${pageNo}`, () => api.request(opsEndpoints.opsGifts, { query: { pageNo: String(pageNo) } }))
  return (
    <Panel title={t(campaignMessages.gifts)} lead={t(campaignMessages.giftsLead)} testId="ops-gifts">
      <GiftForm />
      {gifts.length === 0 ? <p css={{ color: COLORS.textMuted, margin: 0 }}>{t(campaignMessages.giftsEmpty)}</p> : null}
      <CampaignList items={gifts} render={(gift) => <GiftItem key={gift.id} gift={gift} />} />
      <Pager pageNo={pageNo} hasNext={page.hasNext} go={setPageNo} />
    </Panel>
  )
}

const newKey = (): string => crypto.randomUUID()
const emptyGift = (): Fields => ({ audience: 'member', memberId: '', kind: 'coin', coinType: 'bonus', amount: '', validDays: '', startsAt: '', endsAt: '' })

/** The body the API checks (checkGiftForm): times as ISO, a member only for one member, this form's request key. */
export const giftBody = (fields: Fields, requestKey: string): Fields => ({
  ...fields,
  ...rewardBody(fields),
  memberId: fields.audience === 'member' ? (fields.memberId ?? '').trim() : '',
  startsAt: fromLocalInput(fields.startsAt ?? ''),
  endsAt: fromLocalInput(fields.endsAt ?? ''),
  requestKey,
})

function GiftForm() {
  const t = useT()
  const key = useRef(newKey())
  const form = useOpsForm(
    emptyGift,
    (fields) => checkGiftForm(giftBody(fields, key.current), new Date()).errors,
    async (fields) => {
      await api.request(opsEndpoints.opsGiftSend, { body: giftBody(fields, key.current) })
      // Sent: the next gift is another one.
      key.current = newKey()
      form.setFields(emptyGift())
      invalidate('ops:gifts')
      invalidate('ops:audit')
    },
  )
  return (
    <form onSubmit={form.submit.onSubmit} noValidate data-testid="ops-gift-form" css={{ marginBottom: 16 }}>
      <h3 css={{ fontSize: FONT_SIZES.size60, margin: '0 0 10px' }}>{t(campaignMessages.newGift)}</h3>
      <div css={grid(200)}>
        <SelectField label={t(campaignMessages.audience)} {...form.field('audience')}>
          <option value="member">{t(campaignMessages.audienceMember)}</option>
          <option value="everyone">{t(campaignMessages.audienceEveryone)}</option>
        </SelectField>
        {form.fields.audience === 'member' ? <TextField label={t(campaignMessages.memberId)} inputMode="numeric" {...form.field('memberId')} /> : null}
        <RewardFields form={form} />
        <TextField type="datetime-local" label={t(campaignMessages.giftStartsAt)} {...form.field('startsAt')} />
        <TextField type="datetime-local" label={t(campaignMessages.giftEndsAt)} {...form.field('endsAt')} />
      </div>
      <LocalizedFields field={form.field} title={['title', campaignMessages.giftTitleIn]} body={['description', campaignMessages.descriptionIn]} />
      <Problem text={form.submit.problem} />
      <SubmitRow pending={form.submit.pending} label={t(campaignMessages.send)} saved={form.saved} savedLabel={t(campaignMessages.sent)} />
    </form>
  )
}

function GiftItem({ gift }: { gift: OpsGift }) {
  const t = useT()
  const inLanguage = useInLanguage()
  const reward = useRewardText()(gift)
  const to =
    gift.audience === 'everyone'
      ? t(campaignMessages.toEveryone)
      : t(campaignMessages.toMember, { nickname: gift.memberNickname ?? '–', id: gift.memberId ?? 0 })
  return (
    <CampaignItem
      testId="ops-gift"
      id={gift.id}
      heading={inLanguage({ ja: gift.texts.ja.title, en: gift.texts.en.title, fr: gift.texts.fr.title })}
      summary={`${to} · ${reward}`}
      details={t(campaignMessages.delivered, { delivered: gift.delivered, claimed: gift.claimed })}
      window={gift}
      state={gift.state}
      end={async () => {
        await api.request(opsEndpoints.opsGiftEnd, { params: { id: String(gift.id) } })
        invalidate('ops:gifts')
        invalidate('ops:audit')
      }}
    />
  )
}
