import { auth, events, loginPath, text, useLocale, useLocalePath, type FailureAction } from '@koma/contracts'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { appState } from '../app/appState'
import { dialogStore } from '../dialogs/dialogStore'

/**
 * Applies SPEC §8 to every failed API call: maintenance screen on 503, sign-out and /login on
 * 401, the campaign error page, and one error dialog at a time for the rest.
 */
export function FailureHandler() {
  const navigate = useNavigate()
  const location = useLocation()
  const { locale } = useLocale()
  const path = useLocalePath()
  // Handlers outlive renders; read the latest location and locale through refs.
  const latest = useRef({ location, locale, path })
  latest.current = { location, locale, path }

  useEffect(() => {
    const handle = ({ action }: { action: FailureAction }) => {
      const { location: here, locale: lang, path: prefixed } = latest.current
      switch (action.kind) {
        case 'maintenance':
          appState.enterMaintenance(action.maintenance)
          return
        case 'logout': {
          auth.clearLocal()
          if (!action.redirectToLogin) return
          const current = here.pathname + here.search
          if (!/\/login$/.test(here.pathname)) void navigate(loginPath(current, prefixed), { replace: true })
          return
        }
        case 'campaignError':
          void navigate(prefixed('/campaign/error'))
          return
        case 'dialog': {
          if (dialogStore.errorOpen) return
          const title =
            action.title === 'networkFailure' ? text('cannotFindHost', lang) : action.title === 'badServerResponse' ? text('badServerResponse', lang) : ''
          void dialogStore.open('error', { title, message: action.message || text('undefinedError', lang), code: action.code })
          return
        }
        case 'none':
          return
      }
    }
    const offFailure = events.on('api:failure', handle)
    const offNavigate = events.on('navigate', ({ to, replace }) => navigate(latest.current.path(to), { replace }))
    return () => {
      offFailure()
      offNavigate()
    }
  }, [navigate])
  return null
}
