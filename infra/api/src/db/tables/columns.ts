import type { ColumnType } from 'kysely'

/** Column helpers shared by every area's table definitions. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>
