import { api, auth, COLORS, endpoints, FONT_SIZES, useLocale, useLocalePath, useT, type InquiryCategory, routePath } from '@koma/contracts'
import { ACCOUNT_LIMITS, INQUIRY_CATEGORIES } from '@koma/contracts/domain'
import { inquirySchema, validate } from '@koma/contracts/validation'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { errorOf, SelectField, TextArea, TextField, useLiveValidation, useSubmit } from '@koma/contracts/ui'
import { refusal } from '../components/lib'
import { AccountPage, Banner, Button } from '../components/ui'
import { documentMessages, supportMessages } from '../i18n/messages'

interface Attachment {
  id: string
  preview: string
}

/** /inquiry: category, e-mail, text (max 5000) and up to 3 images (checked by content by the API). */
export default observer(function InquiryPage() {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const [category, setCategory] = useState<InquiryCategory | ''>('')
  const [email, setEmail] = useState(auth.profile?.email ?? '')
  const [text, setText] = useState('')
  const [images, setImages] = useState<Attachment[]>([])
  const form = { category, email: email.trim(), text, imageIds: images.map((image) => image.id) }
  const { errors, changed, input, checkAll } = useLiveValidation(() => validate(inquirySchema, form, locale).errors)
  const [sent, setSent] = useState<{ id: number; email: string; confirmed: boolean } | null>(null)
  const { onSubmit, pending, problem, setProblem } = useSubmit(
    async () => {
      const receipt = await api.request(endpoints.inquiry, { body: form as Required<typeof form> & { category: string }, policy: { suppress: [400, 429] } })
      // Koma mails a confirmation only to a member's own account address; the typed one is for our answer.
      setSent(
        receipt.confirmationSent && auth.profile?.email
          ? { id: receipt.inquiryId, email: auth.profile.email, confirmed: true }
          : { id: receipt.inquiryId, email: form.email, confirmed: false },
      )
    },
    { check: () => !checkAll().length },
  )
  const picker = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (!email && auth.profile?.email) setEmail(auth.profile.email)
  }, [email])

  const attach = async (file: File) => {
    setProblem(null)
    try {
      const { imageId } = await api.request(endpoints.inquiryImage, {
        raw: new Blob([file], { type: 'application/octet-stream' }),
        policy: { suppress: [400, 413, 429] },
      })
      setImages((list) => [...list, { id: imageId, preview: URL.createObjectURL(file) }])
    } catch (error) {
      setProblem(refusal(error))
    }
  }

  if (sent) {
    return (
      <AccountPage testId="inquiry" title={t(supportMessages.inquiryTitle)}>
        <Banner tone="success" testId="inquiry-sent">
          {t(sent.confirmed ? supportMessages.sent : supportMessages.sentNoMail, { id: sent.id, email: sent.email })}
        </Banner>
        <Link to={path(routePath('account.faq'))} css={{ color: COLORS.brand, fontWeight: 700 }}>
          {t(documentMessages.faqTitle)} ›
        </Link>
      </AccountPage>
    )
  }
  return (
    <AccountPage testId="inquiry" title={t(supportMessages.inquiryTitle)} lead={t(supportMessages.inquiryLead)}>
      <form onSubmit={onSubmit} noValidate>
        <SelectField
          label={t(supportMessages.category)}
          value={category}
          onChange={(event) => {
            setCategory(event.target.value as InquiryCategory)
            changed('category')
          }}
          error={errorOf(errors, 'category')}
          data-testid="inquiry-category"
        >
          <option value="">{t(supportMessages.choose)}</option>
          {INQUIRY_CATEGORIES.map((code) => (
            <option key={code} value={code}>
              {t(supportMessages[code])}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t(supportMessages.replyEmail)}
          type="email"
          autoComplete="email"
          value={email}
          maxLength={254}
          onChange={input('email', setEmail)}
          error={errorOf(errors, 'email')}
          data-testid="inquiry-email"
        />
        <TextArea
          label={t(supportMessages.text)}
          value={text}
          onChange={input('text', setText)}
          error={errorOf(errors, 'text')}
          hint={t(supportMessages.counter, { count: text.length })}
          data-testid="inquiry-text"
        />
        <div css={{ marginBottom: 20 }}>
          <div css={{ fontSize: FONT_SIZES.size40, fontWeight: 700, marginBottom: 8 }}>{t(supportMessages.images)}</div>
          <div css={{ display: 'flex', gap: 10, flexWrap: 'wrap' }}>
            {images.map((image, index) => (
              <div
                key={image.id}
                css={{ position: 'relative', width: 84, height: 84, borderRadius: 10, overflow: 'hidden', border: `1px solid ${COLORS.line}` }}
              >
                <img src={image.preview} alt="" css={{ width: '100%', height: '100%', objectFit: 'cover' }} />
                <button
                  type="button"
                  aria-label={t(supportMessages.removeImage, { number: index + 1 })}
                  onClick={() => setImages((list) => list.filter((item) => item.id !== image.id))}
                  css={{
                    position: 'absolute',
                    top: 4,
                    right: 4,
                    width: 22,
                    height: 22,
                    borderRadius: 11,
                    border: 0,
                    background: 'rgba(0,0,0,.6)',
                    color: COLORS.onBrand,
                    cursor: 'pointer',
                    lineHeight: '22px',
                    padding: 0,
                  }}
                >
                  ×
                </button>
              </div>
            ))}
            {images.length < ACCOUNT_LIMITS.inquiryImages ? (
              <button
                type="button"
                onClick={() => picker.current?.click()}
                data-testid="inquiry-add-image"
                css={{
                  width: 84,
                  height: 84,
                  borderRadius: 10,
                  border: `1.5px dashed ${COLORS.line}`,
                  background: COLORS.surfaceAlt,
                  color: COLORS.textMuted,
                  fontSize: FONT_SIZES.size30,
                  cursor: 'pointer',
                }}
              >
                + {t(supportMessages.addImage)}
              </button>
            ) : null}
          </div>
          {errorOf(errors, 'imageIds') ? (
            <p role="alert" css={{ color: COLORS.brandDark, fontSize: FONT_SIZES.size40 }}>
              {errorOf(errors, 'imageIds')}
            </p>
          ) : null}
          <input
            ref={picker}
            type="file"
            accept="image/*"
            hidden
            data-testid="inquiry-image-input"
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (file) void attach(file)
            }}
          />
        </div>
        {problem ? (
          <Banner tone="error" testId="inquiry-error">
            {problem}
          </Banner>
        ) : null}
        <Button type="submit" disabled={pending} data-testid="inquiry-submit">
          {t(pending ? supportMessages.sending : supportMessages.send)}
        </Button>
      </form>
    </AccountPage>
  )
})
