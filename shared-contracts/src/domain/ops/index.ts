/**
 * Operator rules (issue 17): the service states operators set (maintenance, the update flag),
 * what a legal document version needs, the moderation actions and the operator's second factor.
 * The API decides with these and the operator console validates its forms with the same ones.
 */
export * from './secondFactor'
export * from './maintenance'
export * from './forms'
export * from './updateFlag'
export * from './legal'
export * from './moderation'
export * from './content'
export * from './imports'
export * from './coupons'
export * from './documents'
export * from './releases'
