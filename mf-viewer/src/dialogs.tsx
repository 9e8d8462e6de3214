import { COLORS, DialogFrame, useT, type DialogComponentProps, type RemoteDialogsModule } from '@koma/contracts'
import { useId } from 'react'
import { ViewerIntl } from './i18n/ViewerIntl'
import { dialogMessages } from './i18n/messages'

/**
 * SPEC §4 chapter aborted: the episode's sales were suspended and the reader neither owns nor
 * rents it. An alert (one OK; an outside click is ignored, SPEC §2 alert behaviour).
 */
function ChapterAbortedBody({ chapterName, close, level }: DialogComponentProps<'chapterAborted'> & { level?: number }) {
  const t = useT()
  const id = useId()
  return (
    <DialogFrame testId="dialog-chapter-aborted" role="alertdialog" level={level} labelledBy={id}>
      <h2 id={id} css={{ fontSize: 17, margin: '0 0 10px', textAlign: 'center' }}>
        {t(dialogMessages.abortedTitle)}
      </h2>
      <p css={{ fontSize: 14, lineHeight: 1.6, margin: '0 0 20px', color: COLORS.textMuted, textAlign: 'center' }}>
        {chapterName ? t(dialogMessages.abortedMessageNamed, { name: chapterName }) : t(dialogMessages.abortedMessage)}
      </p>
      <button
        type="button"
        onClick={() => close(undefined)}
        css={{
          width: '100%',
          padding: 12,
          border: 0,
          borderRadius: 10,
          background: COLORS.brand,
          color: '#fff',
          fontWeight: 700,
          fontSize: 15,
          cursor: 'pointer',
        }}
      >
        {t(dialogMessages.ok)}
      </button>
    </DialogFrame>
  )
}

function ChapterAbortedDialog(props: DialogComponentProps<'chapterAborted'>) {
  return (
    <ViewerIntl>
      <ChapterAbortedBody {...props} />
    </ViewerIntl>
  )
}

/** Dialogs mf-viewer owns (DIALOG_OWNERS), loaded by the host when one is opened. */
export const dialogs: RemoteDialogsModule['dialogs'] = { chapterAborted: ChapterAbortedDialog }
