import { DEFAULT_TIMEZONE } from '../api/headers'
import { useBrowserValue } from './browserValue'
import { readBootData } from './pageData'

let device: string | undefined

/**
 * This device's time zone (IANA), or SPEC §1's default. Read once: a DateTimeFormat is costly to
 * make, and React reads this on every render of every date (a list of 20 episodes cost 18 ms).
 */
export function deviceTimeZone(): string {
  if (device === undefined) {
    try {
      device = Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIMEZONE
    } catch {
      device = DEFAULT_TIMEZONE
    }
  }
  return device
}

/** The zone the edge drew the page's dates in (BootData.timeZone), else this device's. */
function drawnTimeZone(): string {
  return readBootData()?.timeZone ?? deviceTimeZone()
}

/**
 * The time zone to draw dates in (formatDate(iso, zone)). A page the edge drew (issue 13) was
 * drawn in the zone the reader's browser last told it (the `koma_tz` cookie) or SPEC's default:
 * hydration draws in that same zone, then React draws once more in this device's zone, so the
 * markup matches and the reader ends up with their own dates.
 */
export function usePageTimeZone(): string {
  return useBrowserValue(deviceTimeZone, drawnTimeZone())
}
