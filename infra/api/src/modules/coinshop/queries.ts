import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

/** The SQL of the coin shop's routes: saved cards, and an order whose provider could not start. */
type Db = Kysely<Database>

export const savedCardsOf = (db: Db, memberId: number) =>
  db
    .selectFrom('saved_cards')
    .select(['id', 'brand', 'last4', 'expiry', 'holder_name'])
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .execute()

/** A member's live saved card's id at the provider. */
export const savedCardOf = (db: Db, memberId: number, cardId: number) =>
  db
    .selectFrom('saved_cards')
    .select('provider_card_id')
    .where('id', '=', cardId)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()

export async function saveCard(
  db: Db,
  memberId: number,
  provider: string,
  card: { cardId: string; brand: string; last4: string; expiry: string; holderName: string },
  now: Date,
): Promise<void> {
  await db
    .insertInto('saved_cards')
    .values({
      member_id: memberId,
      provider,
      provider_card_id: card.cardId,
      brand: card.brand,
      last4: card.last4,
      expiry: card.expiry,
      holder_name: card.holderName,
      created_at: now,
      deleted_at: null,
    })
    .execute()
}

/** Forget a member's card (kept as deleted); answers its id at the provider, or nothing when it was not theirs or already gone. */
export const deleteSavedCard = (db: Db, memberId: number, cardId: number, now: Date) =>
  db
    .updateTable('saved_cards')
    .set({ deleted_at: now })
    .where('id', '=', cardId)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .returning('provider_card_id')
    .executeTakeFirst()

export async function memberHasEmail(db: Db, memberId: number): Promise<boolean> {
  const row = await db.selectFrom('members').select('email').where('id', '=', memberId).executeTakeFirst()
  return Boolean(row?.email)
}

/** An order still reserved whose provider could not start the payment: failed, never left reserved. */
export async function failReservedOrder(db: Db, serviceOrderId: string, failure: string, now: Date): Promise<void> {
  await db
    .updateTable('coin_orders')
    .set({ state: 'failed', failure, updated_at: now })
    .where('service_order_id', '=', serviceOrderId)
    .where('state', '=', 'reserved')
    .execute()
}
