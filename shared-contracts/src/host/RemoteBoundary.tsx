import { Component, type ErrorInfo, type ReactNode } from 'react'
import { isApiError, type ApiError } from '../api/errors'
import { useLocale } from '../i18n/LocaleContext'
import { remoteTexts } from './remoteTexts'

interface Props {
  /** Which area failed, for the log line. */
  area: string
  /**
   * How to show an API failure thrown while rendering (a 404 title, maintenance): the host
   * passes its error screens. Without it, every failure shows the retry panel.
   */
  renderApiError?: (error: ApiError) => ReactNode
  /** Called before the area renders again after "Retry". */
  onRetry?: () => void
  /**
   * Ways on besides "Retry" (locale-prefixed paths), for a screen that is the whole page (the
   * viewer has no header): home, and the title's episode list when the page is one of its chapters.
   * They load the page afresh.
   */
  wayOn?: { home: string; episodes?: string }
  /** Told of every error caught (the host reports a remote version's failures to the edge). */
  onError?: (error: Error) => void
  /** What the failed panel is shown in (the host gives header-less pages its shared layout). */
  frame?: (panel: ReactNode) => ReactNode
  children: ReactNode
}

interface State {
  error: Error | null
}

/**
 * Keeps a failure inside its own area: a remote that cannot load (files missing, server down,
 * script error) shows this panel with a retry; the header and every other area keep working.
 */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[remote] ${this.props.area} failed`, error, info.componentStack)
    this.props.onError?.(error)
  }

  retry = (): void => {
    this.props.onRetry?.()
    this.setState({ error: null })
  }

  override render(): ReactNode {
    const { error } = this.state
    if (error && isApiError(error) && this.props.renderApiError) return this.props.renderApiError(error)
    if (error) {
      const panel = <RemoteFailed area={this.props.area} onRetry={this.retry} wayOn={this.props.wayOn} />
      return this.props.frame ? this.props.frame(panel) : panel
    }
    return this.props.children
  }
}

function RemoteFailed({ area, onRetry, wayOn }: { area: string; onRetry: () => void; wayOn?: Props['wayOn'] }) {
  const { locale } = useLocale()
  const t = remoteTexts[locale]
  return (
    <section
      role="alert"
      data-remote-error={area}
      css={{
        margin: '24px auto',
        maxWidth: 480,
        padding: 24,
        borderRadius: 12,
        background: '#f6f6f8',
        textAlign: 'center',
        color: '#222',
      }}
    >
      <h2 css={{ fontSize: 18, margin: '0 0 8px' }}>{t.title}</h2>
      <p css={{ fontSize: 14, margin: '0 0 16px', color: '#555' }}>{t.description}</p>
      <button
        type="button"
        onClick={onRetry}
        css={{ border: 0, borderRadius: 20, padding: '10px 28px', background: '#111', color: '#fff', fontSize: 14, cursor: 'pointer' }}
      >
        {t.retry}
      </button>
      {wayOn ? (
        <nav css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '8px 20px', marginTop: 16, fontSize: 14 }}>
          {wayOn.episodes ? (
            <a data-testid="remote-error-episodes" href={wayOn.episodes} css={{ color: '#222' }}>
              {t.episodes}
            </a>
          ) : null}
          <a data-testid="remote-error-home" href={wayOn.home} css={{ color: '#222' }}>
            {t.home}
          </a>
        </nav>
      ) : null}
    </section>
  )
}
