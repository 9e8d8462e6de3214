/**
 * What the API and other Node code may import: pure rules and shared definitions, nothing that
 * touches the DOM, React or MobX.
 */
export * from './remotes'
export * from './routes/params'
export * from './routes/table'
export * from './i18n/locales'
export * from './i18n/texts'
export * from './api/headers'
export * from './api/envelope'
export * from './api/endpoints'
export * from './browser/cookies'
export * from './domain/types'
export * from './domain/numbers'
export * from './domain/authors'
export * from './domain/access'
export * from './domain/sales'
export * from './domain/images'
export * from './domain/account'
export * from './domain/account-types'
export * from './theme/tokens'
