import {
  MAINTENANCE_OFF,
  UPDATE_NONE,
  LOCALES,
  maintenanceActive,
  maintenanceInfoFor,
  text,
  type ErrorBody,
  type MaintenanceSetting,
  type UpdateSetting,
} from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { Transaction } from 'kysely'
import type { AppDeps } from '../../deps'
import type { Database } from '../../db/schema'
import { apiError, errorBody } from '../../http/errorCatalogue'
import { requestLocale } from '../../http/locale'
import { isOperatorRequest } from './operators'

/**
 * The service states operators set (issue 17), one `service_states` row each: maintenance (SPEC
 * §8's 503 screen) and the update flag (SPEC §4). Read on every request, so each API process
 * keeps them for a moment (STATES_TTL_MS) and forgets them at once when it changes them itself;
 * other processes on the same PostgreSQL follow within that moment.
 */
export const STATES_TTL_MS = 2000

export interface ServiceStates {
  maintenance: MaintenanceSetting
  update: UpdateSetting
}

const cache = new WeakMap<AppDeps, { readAt: number; states: Promise<ServiceStates> }>()

function asMaintenance(value: unknown): MaintenanceSetting {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as Partial<MaintenanceSetting> | null
  if (!v || typeof v !== 'object') return MAINTENANCE_OFF
  const texts = { ...MAINTENANCE_OFF.texts }
  for (const locale of LOCALES) {
    const own = v.texts?.[locale]
    if (own) texts[locale] = { title: String(own.title ?? ''), description: String(own.description ?? '') }
  }
  return { on: v.on === true, startsAt: typeof v.startsAt === 'string' ? v.startsAt : null, endsAt: typeof v.endsAt === 'string' ? v.endsAt : null, texts }
}

function asUpdate(value: unknown): UpdateSetting {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as Partial<UpdateSetting> | null
  if (!v || typeof v !== 'object' || !['none', 'available', 'required'].includes(String(v.state))) return UPDATE_NONE
  return { state: v.state as UpdateSetting['state'], version: String(v.version ?? '') }
}

async function load(deps: AppDeps): Promise<ServiceStates> {
  const rows = await deps.db.selectFrom('service_states').select(['name', 'value']).where('name', 'in', ['maintenance', 'update']).execute()
  const byName = new Map(rows.map((row) => [row.name, row.value]))
  return { maintenance: asMaintenance(byName.get('maintenance') ?? null), update: asUpdate(byName.get('update') ?? null) }
}

export function serviceStates(deps: AppDeps): Promise<ServiceStates> {
  const now = deps.clock.realNow().getTime()
  const cached = cache.get(deps)
  if (cached && now - cached.readAt < STATES_TTL_MS) return cached.states
  const states = load(deps)
  cache.set(deps, { readAt: now, states })
  // A failed read is not kept: the next request asks again.
  states.catch(() => cache.delete(deps))
  return states
}

export function forgetServiceStates(deps: AppDeps): void {
  cache.delete(deps)
}

export async function saveServiceState(
  trx: Transaction<Database>,
  name: 'maintenance' | 'update',
  value: MaintenanceSetting | UpdateSetting,
  at: Date,
): Promise<void> {
  const json = JSON.stringify(value)
  await trx
    .insertInto('service_states')
    .values({ name, value: json, updated_at: at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: json, updated_at: at }))
    .execute()
}

/**
 * Routes that keep answering during maintenance: health, the IP and time lookup and the version
 * check the page needs to start, signing in and out (an operator must be able to sign in), the
 * operator API, the debug clock (demo and tests only) and the sandboxes standing in for outside
 * services. Every other call answers 503 unless it comes from an operator's session.
 */
const OPEN_DURING_MAINTENANCE = [
  /^\/api\/health$/,
  /^\/api\/ip$/,
  /^\/api\/app\/version$/,
  /^\/api\/member\/rsa\/[^/]+$/,
  /^\/api\/member\/signin$/,
  /^\/api\/member\/signout$/,
  /^\/api\/ops\//,
  /^\/api\/debug\/faketime$/,
  /^\/api\/sandbox\//,
]

/** SPEC §8 503: the maintenance screen's title, description and end time, in the reader's language. */
export function registerMaintenanceGate(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRequest', async (req, reply) => {
    const { maintenance } = await serviceStates(deps)
    if (!maintenanceActive(maintenance, deps.clock.now())) return
    const pattern = req.routeOptions.url
    if (!pattern || OPEN_DURING_MAINTENANCE.some((open) => open.test(pattern))) return
    if (await isOperatorRequest(deps, req)) return
    const locale = requestLocale(req)
    const info = maintenanceInfoFor(maintenance, locale)
    const title = info.title || text('systemMaintenance', locale)
    const body: ErrorBody = { ...errorBody(apiError('maintenance'), locale), message: title, maintenance: { ...info, title } }
    const retryAfter = info.endAt ? Math.ceil((Date.parse(info.endAt) - deps.clock.now().getTime()) / 1000) : 0
    if (retryAfter > 0) reply.header('retry-after', String(retryAfter))
    return reply.status(503).header('cache-control', 'no-store').send(body)
  })
}
