import type { Migration } from 'kysely/migration'
import * as m0001 from './0001_catalogue_members'
import * as m0002 from './0002_access_and_progress'
import * as m0003 from './0003_push_email_reports'
import * as m0010 from './0010_debug_clock'
import * as m0100 from './0100_discovery'
import * as m0200 from './0200_viewer_epubs'
import * as m0270 from './0270_image_variants'
import * as m0280 from './0280_page_descriptions'
import * as m0290 from './0290_reading_sittings'
import * as m0300 from './0300_accounts'
import * as m0310 from './0310_account_safety'
import * as m0320 from './0320_viewer_reading_settings'
import * as m0390 from './0390_signin_attempts'
import * as m0395 from './0395_guest_secret'
import * as m0400 from './0400_coin_ledger'
import * as m0450 from './0450_coin_shop'
import * as m0500 from './0500_community'
import * as m0600 from './0600_paid_content'
import * as m0610 from './0610_object_storage'
import * as m0620 from './0620_object_keys'
import * as m0695 from './0695_mature_image_lookup'
import * as m0700 from './0700_operators'
import * as m0730 from './0730_title_visibility'
import * as m0750 from './0750_campaigns'
import * as m0760 from './0760_operator_enrolment'
import * as m0800 from './0800_notifications'
import * as m0810 from './0810_account_time_zone'
import * as m0820 from './0820_release_setting'
import * as m0900 from './0900_analytics'
import * as m0995 from './0995_analytics_visitor'
import * as m0996 from './0996_analytics_event_id'

/**
 * Every migration. Names are stable: they are recorded in the database. Number ranges per area
 * so parallel work never collides: 0001-0099 platform, 0100-0199 catalog, 0200-0299 viewer,
 * 0300-0399 accounts, 0400-0499 payments, 0500-0599 community, 0600-0699 platform
 * security (it reads every area's tables, so it runs after them), 0700-0799 operations (the
 * operator console's tables and the columns it adds to other areas'), 0800-0899 notifications,
 * 0900-0999 analytics and privacy.
 */
export const migrations: Record<string, Migration> = {
  '0001_catalogue_members': m0001,
  '0002_access_and_progress': m0002,
  '0003_push_email_reports': m0003,
  '0010_debug_clock': m0010,
  '0100_discovery': m0100,
  '0200_viewer_epubs': m0200,
  '0270_image_variants': m0270,
  '0280_page_descriptions': m0280,
  '0290_reading_sittings': m0290,
  '0300_accounts': m0300,
  '0310_account_safety': m0310,
  '0320_viewer_reading_settings': m0320,
  '0390_signin_attempts': m0390,
  '0395_guest_secret': m0395,
  '0400_coin_ledger': m0400,
  '0450_coin_shop': m0450,
  '0500_community': m0500,
  '0600_paid_content': m0600,
  '0610_object_storage': m0610,
  '0620_object_keys': m0620,
  '0695_mature_image_lookup': m0695,
  '0700_operators': m0700,
  '0730_title_visibility': m0730,
  '0750_campaigns': m0750,
  '0760_operator_enrolment': m0760,
  '0800_notifications': m0800,
  '0810_account_time_zone': m0810,
  '0820_release_setting': m0820,
  '0900_analytics': m0900,
  '0995_analytics_visitor': m0995,
  '0996_analytics_event_id': m0996,
}
