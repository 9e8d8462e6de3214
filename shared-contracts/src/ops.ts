/**
 * `@koma/contracts/ops`: what only the operator console needs, the operator endpoints and the
 * operator rules (the API's own checks). Not a shared singleton: pure definitions, bundled into
 * mf-ops, so no reader's page carries them.
 */
export * from './domain/ops'
export * from './domain/campaigns'
export * from './api/endpoints/ops'
