import type { PaymentKind, SalesConfig } from '@koma/contracts/server'
import type { Selectable } from 'kysely'
import type { ChaptersTable } from '../../db/schema'

type ChapterRow = Selectable<ChaptersTable>

/** A chapter's sales configuration (SPEC §3) from its row: what the episode list, the viewer and the access calls show and check. */
export function salesConfigOf(row: ChapterRow): SalesConfig {
  return {
    free: row.free,
    rentableRemained: null,
    rentAllowedWith: row.rent_allowed_with as PaymentKind[],
    purchaseAllowedWith: row.purchase_allowed_with as PaymentKind[],
    event: null,
    originalPrice: row.original_price,
    price: row.price,
    coinBackPrice: row.coin_back_price,
    originalRentalPrice: row.original_rental_price,
    rentalPrice: row.rental_price,
  }
}
