import type { Migration } from 'kysely/migration'
import * as m0001 from './0001_catalogue_members'

/** Every migration, in order. Names are stable: they are recorded in the database. */
export const migrations: Record<string, Migration> = {
  '0001_catalogue_members': m0001,
}
