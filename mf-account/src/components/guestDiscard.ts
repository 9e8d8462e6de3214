import { api, auth, endpoints, openDialog } from '@koma/contracts'
import { useEffect, useState } from 'react'

/** What this browser's guest holds (SPEC §4: signing in discards it, so the reader is told first). */
export interface GuestHoldings {
  coins: number
  tickets: number
  titles: string
}

function useGuestHoldings(): GuestHoldings | null {
  const [holdings, setHoldings] = useState<GuestHoldings | null>(null)
  const guest = auth.guest && !auth.signedIn
  useEffect(() => {
    if (!guest) return
    let live = true
    void (async () => {
      const [profile, library] = await Promise.all([
        auth.profile ? Promise.resolve(auth.profile) : auth.loadProfile(),
        api.request(endpoints.library, { params: { tab: 'subscribed' }, policy: { silent: true } }).catch(() => null),
      ])
      if (!live) return
      const titles = library ? `${library.items.length}${library.page.hasNext ? '+' : ''}` : '0'
      setHoldings({ coins: profile?.inventory?.coin.total ?? 0, tickets: profile?.inventory?.ticket.amount ?? 0, titles })
    })()
    return () => {
      live = false
    }
  }, [guest])
  return guest ? holdings : null
}

/**
 * SPEC §4: a guest who signs in to an existing account loses its guest data. Gives what the guest
 * holds (null for anyone else) and the check to run before signing in: true at once for anyone
 * but a guest, else the reader's answer to a confirm dialog naming what would be lost (`texts`
 * builds its words from the counts).
 */
export function useGuestDiscard(texts: (holdings: GuestHoldings) => { title: string; message: string; okLabel: string }): {
  holdings: GuestHoldings | null
  confirmDiscard: () => Promise<boolean>
} {
  const holdings = useGuestHoldings()
  const confirmDiscard = async () => {
    if (!(auth.guest && !auth.signedIn)) return true
    return openDialog('confirm', texts(holdings ?? { coins: 0, tickets: 0, titles: '0' }))
  }
  return { holdings, confirmDiscard }
}
