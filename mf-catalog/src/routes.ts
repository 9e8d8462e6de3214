import { remoteScreens } from '@koma/contracts'
import { CatalogIntl } from './i18n/CatalogIntl'

/** mf-catalog's screens by route id (see the route table in @koma/contracts). */
export const routes = remoteScreens('mf_catalog', CatalogIntl, {
  'catalog.home': () => import('./home/HomePage'),
  'catalog.menu': () => import('./menu/MenuPage'),
  'catalog.menuAdult': () => import('./menu/AdultMenuPage'),
  'catalog.menuEvent': () => import('./menu/EventsPage'),
  'catalog.promotion': () => import('./menu/CollectionPage'),
  'catalog.contentCatalog': () => import('./menu/CollectionPage'),
  'catalog.search': () => import('./search/SearchPage'),
  'catalog.searchEmpty': () => import('./search/SearchPage'),
  'catalog.episodes': () => import('./episodes/EpisodeListPage'),
  'catalog.comingSoon': () => import('./comingSoon/ComingSoonPage'),
  'catalog.library': () => import('./library/LibraryPage'),
})
