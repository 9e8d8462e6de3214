import { api, COLORS, FONT_SIZES, routePath, useLocalePath, useT } from '@koma/contracts'
import {
  checkImportForm,
  importTooLarge,
  IMPORT_LIMITS,
  isImportImageName,
  opsEndpoints,
  type FieldError,
  type ImportKind,
  type OpsImported,
} from '@koma/contracts/ops'
import { TextField, useSubmit } from '@koma/contracts/ui'
import { useId, useState, type ChangeEvent, type InputHTMLAttributes } from 'react'
import { Link } from 'react-router-dom'
import { invalidate } from '../cache'
import { useFailure } from '../console/form'
import { buttonStyle, Panel, Problem } from '../console/parts'
import { problemText } from '../console/problems'
import { contentMessages } from '../i18n/messages'

/** A chosen file with the name the importer orders pages by: its path inside the chosen folder, else its own name. */
interface Chosen {
  file: File
  name: string
}

const nameOf = (file: File): string => file.webkitRelativePath || file.name

/** Chrome, Safari and Edge pick a whole folder with this attribute (React passes it through; the DOM types lack it). */
const FOLDER_PICKER = { webkitdirectory: '', directory: '' } as InputHTMLAttributes<HTMLInputElement>

/** The upload's stage: sending (with the share sent so far), then the API importing. */
type Stage = { kind: 'idle' } | { kind: 'sending'; share: number | null } | { kind: 'importing' }

/**
 * An EPUB (a novel) or a comic's pages (a folder, or several images) sent to the API's importer,
 * the one `npm run import` uses. Checked first with the API's own rules (kind, title, sizes); the
 * upload's progress shows while it goes, then what was made, with links to it.
 */
export function ImportPanel() {
  const t = useT()
  const path = useLocalePath()
  const failure = useFailure()
  const ids = useId()
  const [kind, setKind] = useState<ImportKind>('epub')
  const [files, setFiles] = useState<Chosen[]>([])
  const [leftOut, setLeftOut] = useState(0)
  const [title, setTitle] = useState('')
  const [ltr, setLtr] = useState(false)
  const [errors, setErrors] = useState<FieldError[]>([])
  const [tooLarge, setTooLarge] = useState(false)
  const [stage, setStage] = useState<Stage>({ kind: 'idle' })
  const [done, setDone] = useState<OpsImported | null>(null)
  // Bumped after an import: the file inputs start empty again, as the chosen list does.
  const [round, setRound] = useState(0)
  const listed = files.map((chosen) => ({ name: chosen.name, size: chosen.file.size }))

  const choose = (folder: boolean) => (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? [])
    // A folder brings whatever it holds: its pages only (a .DS_Store or notes are left out, and said so).
    const kept = folder ? picked.filter((file) => isImportImageName(file.name)) : picked
    setFiles(kept.map((file) => ({ file, name: nameOf(file) })).sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true })))
    setLeftOut(picked.length - kept.length)
    const folderName = folder ? (picked[0]?.webkitRelativePath.split('/')[0] ?? '') : ''
    if (folderName && !title.trim()) setTitle(folderName)
    setErrors([])
    setTooLarge(false)
  }
  const switchKind = (next: ImportKind) => {
    setKind(next)
    setFiles([])
    setLeftOut(0)
    setErrors([])
    setTooLarge(false)
  }

  const send = useSubmit(
    async () => {
      const form = new FormData()
      form.append('kind', kind)
      if (kind === 'images') {
        form.append('title', title.trim())
        form.append('ltr', ltr ? 'true' : 'false')
      }
      for (const chosen of files) form.append(kind === 'epub' ? 'file' : 'pages', chosen.file, chosen.name)
      setDone(null)
      setStage({ kind: 'sending', share: 0 })
      try {
        const imported = await api.request(opsEndpoints.opsImport, {
          raw: form,
          // A large book on a slow line takes its time; the API's own limits bound it.
          timeoutMs: 0,
          onUploadProgress: ({ loaded, total }) =>
            total && loaded >= total ? setStage({ kind: 'importing' }) : setStage({ kind: 'sending', share: total ? loaded / total : null }),
        })
        setDone(imported)
        setFiles([])
        setLeftOut(0)
        setTitle('')
        setRound((value) => value + 1)
        invalidate('ops:titles')
        invalidate('ops:audit')
      } finally {
        setStage({ kind: 'idle' })
      }
    },
    {
      check: () => {
        const found = checkImportForm({ kind, title }, listed).errors
        setErrors(found)
        const large = found.length === 0 && importTooLarge(kind, listed)
        setTooLarge(large)
        return found.length === 0 && !large
      },
      failure,
    },
  )

  const filesProblem = tooLarge
    ? t(contentMessages.importTooLarge, {
        epub: IMPORT_LIMITS.epubBytes >> 20,
        image: IMPORT_LIMITS.imageBytes >> 20,
        total: IMPORT_LIMITS.totalBytes >> 20,
        pages: IMPORT_LIMITS.pages,
      })
    : errors.some((error) => error.field === 'files' && error.problem === 'invalid')
      ? t(kind === 'epub' ? contentMessages.importNeedsEpub : contentMessages.importNeedsImages)
      : problemText(t, errors, 'files')
  const fileInput = { css: { display: 'block', marginTop: 6, fontSize: FONT_SIZES.size50, maxWidth: '100%' } } as const
  const labelStyle = { display: 'block', fontSize: FONT_SIZES.size40, fontWeight: 700, marginBottom: 12 } as const
  const megabytes = (files.reduce((sum, chosen) => sum + chosen.file.size, 0) / 1024 / 1024).toFixed(1)

  return (
    <Panel title={t(contentMessages.importTitle)} lead={t(contentMessages.importLead)} testId="ops-import">
      <form onSubmit={send.onSubmit} noValidate>
        <fieldset css={{ border: 0, margin: '0 0 12px', padding: 0 }}>
          <legend css={{ fontSize: FONT_SIZES.size40, fontWeight: 700, marginBottom: 6 }}>{t(contentMessages.importKind)}</legend>
          {(['epub', 'images'] as const).map((option) => (
            <label key={option} css={{ display: 'inline-flex', alignItems: 'center', gap: 8, marginRight: 20, minHeight: 36 }}>
              <input type="radio" name="kind" value={option} checked={kind === option} onChange={() => switchKind(option)} />
              {t(option === 'epub' ? contentMessages.importEpub : contentMessages.importImages)}
            </label>
          ))}
        </fieldset>
        <div role="group" aria-describedby={filesProblem ? `${ids}-files` : undefined}>
          {kind === 'epub' ? (
            <label css={labelStyle}>
              {t(contentMessages.importEpubFile)}
              <input key={`epub:${round}`} type="file" name="file" accept=".epub,application/epub+zip" onChange={choose(false)} {...fileInput} />
            </label>
          ) : (
            <div css={{ display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))' }}>
              <label css={labelStyle}>
                {t(contentMessages.importFolder)}
                <input key={`folder:${round}`} type="file" name="folder" multiple {...FOLDER_PICKER} onChange={choose(true)} {...fileInput} />
              </label>
              <label css={labelStyle}>
                {t(contentMessages.importFiles)}
                <input
                  key={`pages:${round}`}
                  type="file"
                  name="pages"
                  multiple
                  accept=".jpg,.jpeg,.png,.webp,.gif,image/jpeg,image/png,image/webp,image/gif"
                  onChange={choose(false)}
                  {...fileInput}
                />
              </label>
            </div>
          )}
          <p data-testid="ops-import-chosen" css={{ margin: '0 0 12px', fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>
            {files.length
              ? t(kind === 'epub' ? contentMessages.importChosenEpub : contentMessages.importChosenPages, {
                  count: files.length,
                  name: files[0]!.name,
                  size: megabytes,
                  leftOut,
                })
              : t(contentMessages.importNothing)}
          </p>
          {filesProblem ? (
            <p id={`${ids}-files`} role="alert" css={{ color: COLORS.brandDark, fontSize: FONT_SIZES.size40, margin: '0 0 12px' }}>
              {filesProblem}
            </p>
          ) : null}
        </div>
        {kind === 'images' ? (
          <>
            <TextField
              label={t(contentMessages.importComicTitle)}
              hint={t(contentMessages.importComicTitleHint)}
              name="title"
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              error={problemText(t, errors, 'title')}
            />
            <label css={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 36, marginBottom: 16 }}>
              <input type="checkbox" name="ltr" checked={ltr} onChange={(event) => setLtr(event.target.checked)} css={{ width: 18, height: 18 }} />
              {t(contentMessages.importLtr)}
            </label>
          </>
        ) : null}
        {stage.kind !== 'idle' ? <ImportProgress stage={stage} /> : null}
        <Problem text={send.problem} />
        <button type="submit" disabled={send.pending} css={buttonStyle()}>
          {t(send.pending ? contentMessages.importPending : contentMessages.importButton)}
        </button>
      </form>
      {done ? (
        <div data-testid="ops-import-done" role="status" css={{ marginTop: 16, padding: '12px 14px', borderRadius: 10, background: COLORS.surfaceAlt }}>
          <p css={{ margin: '0 0 6px', fontWeight: 700, overflowWrap: 'anywhere' }}>
            {t(contentMessages.importDone, { title: done.title, id: done.contentId })}
          </p>
          <p css={{ margin: '0 0 8px', fontSize: FONT_SIZES.size40, color: COLORS.textMuted, overflowWrap: 'anywhere' }}>{done.detail}</p>
          <p css={{ margin: 0, display: 'flex', flexWrap: 'wrap', gap: '4px 16px' }}>
            <Link to={path(routePath('ops.title', { id: String(done.contentId) }))}>{t(contentMessages.importOpen)}</Link>
            <Link to={path(routePath('catalog.episodes', { contentType: done.contentType, contentId: String(done.contentId) }))}>
              {t(contentMessages.importAsReader)}
            </Link>
          </p>
        </div>
      ) : null}
    </Panel>
  )
}

function ImportProgress({ stage }: { stage: Exclude<Stage, { kind: 'idle' }> }) {
  const t = useT()
  const percent = stage.kind === 'sending' && stage.share !== null ? Math.round(stage.share * 100) : null
  const label = stage.kind === 'importing' ? t(contentMessages.importing) : t(contentMessages.uploading, { percent: percent ?? 0 })
  return (
    <div data-testid="ops-import-progress" css={{ margin: '0 0 12px' }}>
      <progress
        aria-label={label}
        max={100}
        {...(stage.kind === 'sending' && percent !== null ? { value: percent } : {})}
        css={{ width: '100%', height: 10, accentColor: COLORS.brand }}
      />
      <p aria-live="polite" css={{ margin: '4px 0 0', fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>
        {label}
      </p>
    </div>
  )
}
