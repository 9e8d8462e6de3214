import { ACCOUNT_TEXTS } from './accountTexts'
import { COIN_SHOP_TEXTS } from './coinShopTexts'
import { PAYMENT_TEXTS } from './paymentTexts'
import { COMMUNITY_TEXTS } from './communityTexts'
import { OPS_TEXTS } from './opsTexts'
import type { Locale } from './locales'
import { TEXTS as BROWSER_TEXTS } from './textTable'
import { fillText, type Localized } from './texts'

export { fillText, type Localized } from './texts'

/**
 * Every text the API sends: the browser's texts (texts/*.ts, all languages: textTable.ts) and the ones only the API says
 * (account, coin shop, payments, community and operator console refusals). Exported by
 * `@koma/contracts/server` only, so the browser's shared contracts chunk does not carry them.
 */
export const TEXTS = {
  ...BROWSER_TEXTS,
  ...ACCOUNT_TEXTS,
  ...COIN_SHOP_TEXTS,
  ...PAYMENT_TEXTS,
  ...COMMUNITY_TEXTS,
  ...OPS_TEXTS,
} as const satisfies Record<string, Localized>

export type TextKey = keyof typeof TEXTS

/** A catalogue text in a language, with `{name}` placeholders filled. */
export function text(key: TextKey, locale: Locale, values: Record<string, string | number> = {}): string {
  return fillText(TEXTS[key][locale], values)
}
