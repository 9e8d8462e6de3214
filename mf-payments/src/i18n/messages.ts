import { defineMessages } from 'react-intl'

export const shopMessages = defineMessages({
  title: { id: 'payments.shop.title', defaultMessage: 'Coin shop' },
  lead: { id: 'payments.shop.lead', defaultMessage: 'Coins unlock and rent episodes. Bonus coins are spent first.' },
  coins: { id: 'payments.shop.coins', defaultMessage: '{amount, plural, one {# coin} other {# coins}}' },
  bonus: { id: 'payments.shop.bonus', defaultMessage: '+{amount} bonus' },
  products: { id: 'payments.shop.products', defaultMessage: 'Coin packs' },
})
