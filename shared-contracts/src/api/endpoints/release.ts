import type { UpdateSetting } from '../../domain/ops'
import { endpoint, type None } from '../endpoint'

/** Public: what the new-version check reads (SPEC §4 required or available update). */
export const releaseEndpoints = {
  appVersion: endpoint<None, None, None, UpdateSetting>('GET', '/app/version'),
} as const
