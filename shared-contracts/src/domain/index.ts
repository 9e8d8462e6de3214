/**
 * `@koma/contracts/domain`: the pure domain rules (SPEC's numbers, limits and choices). Not a
 * shared singleton: rules hold no state, so each package bundles the ones it calls and its
 * first page carries only those (the shared barrel, index.ts, exports their types only). The API
 * reads them through `@koma/contracts/server`.
 */
export * from './types'
export * from './numbers'
export * from './authors'
export * from './access'
export * from './sales'
export * from './images'
export * from './catalog'
export * from './paging'
export * from './weekday'
export * from './home'
export * from './userAgent'
export * from './analytics'
export * from './tagProviders'
export * from './popups'
export * from './labels'
export * from './purchase'
export * from './coins'
export * from './feedback'
export * from './share'
export * from './search'
export * from './mature'
export * from './reading'
export * from './autoScroll'
export * from './readingStats'
export * from './account'
export * from './account-types'
export * from './coinshop'
export * from './cardPayment'
export * from './community'
export * from './notifications'
export * from './random'
export * from './webVitals'
// Colours a title's or a collection's themeColor paints with text on them (WCAG contrast): bundled
// by the catalog screens that draw them (episode list header, coming soon, collections), not shared.
export { contrastRatio, legibleBackground, themeInk } from '../theme/contrast'
