/**
 * What the API and other Node code may import: pure rules and shared definitions, nothing that
 * touches the DOM, React or MobX. Also what only the API uses (operator console rules and
 * endpoints, every server text), which the browser's barrel (index.ts) leaves out.
 */
export * from './common'
export * from './domain'
export * from './i18n/serverTexts'
export * from './api/serverEndpoints'
export * from './domain/ops'
export * from './domain/campaigns'
export * from './domain/deployment'
export * from './metricsListen'
