import { endpoints as browserEndpoints } from './endpoints'
import { opsEndpoints } from './endpoints/ops'

export * from './endpoints'

/** Every API endpoint, the operator console's included (`@koma/contracts/server` only). */
export const endpoints = {
  ...browserEndpoints,
  ...opsEndpoints,
} as const

export type Endpoints = typeof endpoints
