import { auth, installHostBridge } from '@koma/contracts'
import { Global } from '@emotion/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { dialogStore } from './dialogs/dialogStore'
import { remoteLoader } from './federation/loader'
import { globalStyles } from './globalStyles'
import { needsBrowserGuide } from './platform/userAgent'
import { installPageGuards } from './platform/pageGuards'
import { installQueryHooks } from './platform/queryHooks'

function boot(): void {
  if (needsBrowserGuide(navigator.userAgent) && !location.pathname.endsWith('/browserguide')) {
    location.replace('/browserguide')
    return
  }
  installPageGuards()
  installQueryHooks()
  // The registry is read while React renders the shell; a remote load waits for it.
  const ready = remoteLoader.start()
  installHostBridge({
    openDialog: dialogStore.open,
    loadExposed: (remote, module) => ready.then(() => remoteLoader.load(remote, module)),
  })
  remoteLoader.whenReady(ready)
  if (auth.signedIn) void auth.loadProfile()
  // Another tab signing in or out changes the login-check cookie: follow it when we come back.
  window.addEventListener('focus', () => auth.syncFromCookie())

  const container = document.getElementById('root')
  if (!container) throw new Error('#root is missing from index.html')
  createRoot(container).render(
    <StrictMode>
      <Global styles={globalStyles} />
      <App />
    </StrictMode>,
  )
}

boot()
