import type { CoinMovementKind, CoinReason, CoinType, TicketReason } from '@koma/contracts/server'
import type { ColumnType, Generated } from 'kysely'
import type { Timestamp } from './columns'

/** One row per member: `SELECT … FOR UPDATE` on it serialises that member's spending. */
export interface CoinWalletsTable {
  member_id: number
  created_at: ColumnType<Date, Date | string | undefined, never>
}

/** One coin operation (a credit, a spend, an expiry): idempotent on kind + reason + ref. */
export interface CoinMovementsTable {
  id: Generated<number>
  member_id: number
  kind: CoinMovementKind
  /** credit: a CoinCreditReason; spend: a CoinSpendReason; expire: 'expire' (domain/coinWords.ts). */
  reason: CoinReason
  /** The order id, reward grant id, transaction token or expired grant id. */
  ref: string
  content_id: number | null
  chapter_ids: ColumnType<number[], number[] | undefined, number[]>
  created_at: Timestamp
}

/**
 * The coin ledger: a positive row is a grant (grant_id null); a negative row spends or expires
 * part of one grant (grant_id). A member's balance is the sum of their rows.
 */
export interface CoinLedgerTable {
  id: Generated<number>
  movement_id: number
  member_id: number
  coin_type: CoinType
  amount: number
  expires_at: Timestamp | null
  /** Its movement's reason. */
  reason: CoinReason
  ref: string
  grant_id: number | null
  created_at: Timestamp
}

/** Ticket stock: like the coin ledger; content_id null = usable for any title. */
export interface TicketLedgerTable {
  id: Generated<number>
  member_id: number
  content_id: number | null
  amount: number
  expires_at: Timestamp | null
  reason: TicketReason
  ref: string
  grant_id: number | null
  chapter_id: number | null
  created_at: Timestamp
}

/** One-time tokens (POST /coin/transaction/token): each unlock or rent consumes one. */
export interface CoinTransactionTokensTable {
  token: string
  member_id: number
  created_at: Timestamp
  expires_at: Timestamp
  used_at: Timestamp | null
  /** What the token was used for ("unlock:12"), so a replay of the same request answers the same. */
  action: string | null
  /** JSON of { status, result } the first use answered. */
  outcome: string | null
}

/** The free-read gauge of a title for a member: when it was last used. */
export interface TitleGaugesTable {
  member_id: number
  content_id: number
  used_at: Timestamp
}

/** The one rental a member gets per title by subscribing to it (rent-with-subscribe). */
export interface SubscribeRentalsTable {
  member_id: number
  content_id: number
  chapter_id: number
  created_at: Timestamp
}

/** Payments: coins, tickets, tokens, gauges. */
export interface LedgerTables {
  coin_wallets: CoinWalletsTable
  coin_movements: CoinMovementsTable
  coin_ledger: CoinLedgerTable
  ticket_ledger: TicketLedgerTable
  coin_transaction_tokens: CoinTransactionTokensTable
  title_gauges: TitleGaugesTable
  subscribe_rentals: SubscribeRentalsTable
}
