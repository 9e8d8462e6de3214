import { remoteScreens } from '@koma/contracts'
import { ViewerIntl } from './i18n/ViewerIntl'

export const routes = remoteScreens('mf_viewer', ViewerIntl, {
  'viewer.comic': () => import('./ViewerPage'),
  'viewer.magazine': () => import('./ViewerPage'),
  'viewer.epubPreview': () => import('./ViewerPage'),
})
