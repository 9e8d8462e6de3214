import type { Locale } from '../../i18n/locales'

// Maintenance (SPEC §8 503 screen: title, description, end time)

export interface MaintenanceTexts {
  title: string
  description: string
}

export interface MaintenanceSetting {
  /** The operator's switch. Off: never in maintenance, whatever the schedule says. */
  on: boolean
  /** When it starts (ISO); null: as soon as it is on. */
  startsAt: string | null
  /** When it ends by itself (ISO), shown to readers as the expected end; null: until turned off. */
  endsAt: string | null
  texts: Record<Locale, MaintenanceTexts>
}

export const MAINTENANCE_OFF: MaintenanceSetting = {
  on: false,
  startsAt: null,
  endsAt: null,
  texts: { ja: { title: '', description: '' }, en: { title: '', description: '' }, fr: { title: '', description: '' } },
}

export const MAINTENANCE_LIMITS = { title: 100, description: 2000 } as const

/** Whether readers are in maintenance at `now`: switched on, started, not yet ended. */
export function maintenanceActive(setting: MaintenanceSetting, now: Date): boolean {
  if (!setting.on) return false
  if (setting.startsAt && now.getTime() < Date.parse(setting.startsAt)) return false
  if (setting.endsAt && now.getTime() >= Date.parse(setting.endsAt)) return false
  return true
}

/** What the maintenance screen shows a reader in `locale` (English when that language is empty). */
export function maintenanceInfoFor(setting: MaintenanceSetting, locale: Locale): { title: string; description: string; endAt: string | null } {
  const own = setting.texts[locale]
  const texts = own?.title ? own : setting.texts.en
  return { title: texts?.title ?? '', description: texts?.description ?? '', endAt: setting.endsAt }
}
