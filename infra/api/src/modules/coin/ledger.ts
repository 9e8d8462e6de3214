import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema'

/**
 * TEMPORARY stand-in until issue 6a's coin ledger is merged (same signatures). 6a's
 * ledger.ts replaces this file whole on merge; nothing else should import it meanwhile.
 */
export interface CreditInput {
  memberId: number
  coinType: 'purchased' | 'free' | 'bonus'
  amount: number
  expiresAt: Date | null
  reason: string
  ref: string
}

export async function creditCoins(_trx: Transaction<Database> | Kysely<Database>, _input: CreditInput): Promise<void> {
  throw new Error('coin ledger not merged yet (issue 6a)')
}

export async function coinBalance(_db: Kysely<Database> | Transaction<Database>, _memberId: number, _now: Date): Promise<{ freeAmount: number; purchasedAmount: number; total: number }> {
  return { freeAmount: 0, purchasedAmount: 0, total: 0 }
}
