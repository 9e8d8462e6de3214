/**
 * Pure rules and shared definitions both the browser (index.ts) and the API (server.ts) export:
 * nothing that touches the DOM, React or MobX, and nothing only the API uses. The domain rules
 * are exported beside it (`./domain`: shared by type only with the browser, see domain/index.ts).
 */
export * from './remotes'
export * from './routes/params'
export * from './routes/table'
export * from './routes/path'
export * from './routes/redirect'
export * from './i18n/locales'
export * from './api/headers'
export * from './api/envelope'
export * from './api/failures'
export * from './browser/cookies'
export * from './theme/tokens'
export * from './host/pageData'
export * from './host/serverPage'
export * from './host/registry'
export * from './host/pageScripts'
