import { remoteScreens } from '@koma/contracts'
import { CatalogIntl } from './i18n/CatalogIntl'

/** mf-catalog's screens by route id (see the route table in @koma/contracts). */
export const routes = remoteScreens(CatalogIntl, {
  'catalog.home': () => import('./home/HomePage'),
  'catalog.episodes': () => import('./episodes/EpisodeListPage'),
})
