import { api, COLORS, FONT_SIZES, openDialog, useT } from '@koma/contracts'
import { formatDateTime } from '@koma/contracts/domain'
import { checkTitleLabelsForm, opsEndpoints, TITLE_BADGES, type FieldError, type OpsTitle, type TitleBadge } from '@koma/contracts/ops'
import { SelectField, useSubmit } from '@koma/contracts/ui'
import { useState } from 'react'
import { invalidate, useResource } from '../cache'
import { SubmitRow, useAction, useFailure } from '../console/form'
import { buttonStyle, Panel, Problem, useInLanguage } from '../console/parts'
import { problemText } from '../console/problems'
import { consoleMessages, contentMessages } from '../i18n/messages'

/** After a change the console reads the title again (and the list, whose rows show the state), and the audit log. */
function forgetTitle(): void {
  invalidate('ops:title')
  invalidate('ops:audit')
}

/** Whether readers see the title, and the switch: hiding asks first, since readers lose it at once. */
export function VisibilityPanel({ title }: { title: OpsTitle }) {
  const t = useT()
  const inLanguage = useInLanguage()
  const action = useAction()
  const [done, setDone] = useState<string | null>(null)
  const hidden = title.hiddenAt !== null
  const toggle = async () => {
    if (action.pending) return
    if (!hidden && !(await openDialog('confirm', { message: t(contentMessages.confirmHide, { name: inLanguage(title.names) }) }))) return
    await action.run(async () => {
      await api.request(opsEndpoints.opsTitleVisibility, { params: { id: String(title.id), action: hidden ? 'unhide' : 'hide' } })
      setDone(t(hidden ? contentMessages.shownDone : contentMessages.hiddenDone))
      forgetTitle()
    })
  }
  return (
    <Panel title={t(contentMessages.visibility)} lead={t(contentMessages.visibilityLead)} testId="ops-title-visibility">
      <p data-testid="ops-title-visibility-state" css={{ margin: '0 0 12px', fontWeight: 700, color: hidden ? COLORS.brandDark : COLORS.text }}>
        {hidden ? t(contentMessages.hiddenState, { date: formatDateTime(title.hiddenAt!) }) : t(contentMessages.shownState)}
      </p>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
        <button type="button" disabled={action.pending} onClick={() => void toggle()} css={buttonStyle(hidden ? 'primary' : 'plain')}>
          {t(hidden ? contentMessages.unhide : contentMessages.hide)}
        </button>
        <span role="status" css={{ color: COLORS.free, fontWeight: 700, fontSize: FONT_SIZES.size50 }}>
          {done ?? ''}
        </span>
      </div>
      <Problem text={action.problem} />
    </Panel>
  )
}

export const BADGE_LABELS: Record<TitleBadge, (typeof contentMessages)[keyof typeof contentMessages]> = {
  NEW: contentMessages.badgeNew,
  UP: contentMessages.badgeUp,
  HOT: contentMessages.badgeHot,
  HIGHLIGHT: contentMessages.badgeHighlight,
  EVENT: contentMessages.badgeEvent,
  EXCLUSIVE: contentMessages.badgeExclusive,
  FIN: contentMessages.badgeFin,
  HIATUS: contentMessages.badgeHiatus,
}

/** The title's genres (from the catalogue's own list, named in the operator's language) and its own badge, checked by the API's rule first. */
export function LabelsPanel({ title }: { title: OpsTitle }) {
  const t = useT()
  const inLanguage = useInLanguage()
  const failure = useFailure()
  const { genres: vocabulary } = useResource('ops:genres', () => api.request(opsEndpoints.opsGenres))
  const [genres, setGenres] = useState<string[]>(() => [...title.genres])
  const [badge, setBadge] = useState<string>(title.badge ?? '')
  const [errors, setErrors] = useState<FieldError[]>([])
  const [saved, setSaved] = useState(false)
  const codes = vocabulary.map((genre) => genre.code)
  const save = useSubmit(
    async () => {
      await api.request(opsEndpoints.opsTitleLabels, { params: { id: String(title.id) }, body: { genres, badge } })
      setSaved(true)
      forgetTitle()
    },
    {
      check: () => {
        setSaved(false)
        const found = checkTitleLabelsForm({ genres, badge }, codes).errors
        setErrors(found)
        return found.length === 0
      },
      failure,
    },
  )
  const genreProblem = problemText(t, errors, 'genres')
  return (
    <Panel title={t(contentMessages.labels)} lead={t(contentMessages.labelsLead)} testId="ops-title-labels">
      <form onSubmit={save.onSubmit} noValidate>
        <fieldset css={{ border: 0, margin: '0 0 16px', padding: 0 }} aria-describedby={genreProblem ? 'ops-genres-problem' : undefined}>
          <legend css={{ fontSize: FONT_SIZES.size40, fontWeight: 700, marginBottom: 6 }}>{t(contentMessages.genres)}</legend>
          <div css={{ display: 'grid', gap: '0 12px', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
            {vocabulary.map((genre) => (
              <label key={genre.code} css={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 36 }}>
                <input
                  type="checkbox"
                  name="genres"
                  value={genre.code}
                  checked={genres.includes(genre.code)}
                  onChange={(event) =>
                    setGenres((current) => (event.target.checked ? [...current, genre.code] : current.filter((code) => code !== genre.code)))
                  }
                  css={{ width: 18, height: 18 }}
                />
                {inLanguage(genre.names)}
              </label>
            ))}
          </div>
          {genreProblem ? (
            <p id="ops-genres-problem" role="alert" css={{ color: COLORS.brandDark, fontSize: FONT_SIZES.size40, margin: '6px 0 0' }}>
              {genreProblem}
            </p>
          ) : null}
        </fieldset>
        <div css={{ maxWidth: 360 }}>
          <SelectField
            label={t(contentMessages.badge)}
            name="badge"
            value={badge}
            onChange={(event) => setBadge(event.target.value)}
            error={problemText(t, errors, 'badge')}
          >
            <option value="">{t(contentMessages.badgeNone)}</option>
            {TITLE_BADGES.map((code) => (
              <option key={code} value={code}>
                {t(BADGE_LABELS[code])}
              </option>
            ))}
          </SelectField>
        </div>
        <Problem text={save.problem} />
        <SubmitRow pending={save.pending} label={t(consoleMessages.save)} saved={saved} savedLabel={t(consoleMessages.saved)} />
      </form>
    </Panel>
  )
}
