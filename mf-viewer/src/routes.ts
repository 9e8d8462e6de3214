import { remoteScreens } from '@koma/contracts'
import { ViewerIntl } from './i18n/ViewerIntl'

export const routes = remoteScreens(ViewerIntl, {
  'viewer.comic': () => import('./ViewerPage'),
  'viewer.magazine': () => import('./ViewerPage'),
  'viewer.epubPreview': () => import('./ViewerPage'),
})
