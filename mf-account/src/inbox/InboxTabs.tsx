import { useT } from '@koma/contracts'
import { Tabs } from '../components/ui'
import { inboxMessages } from '../i18n/messages'

export function InboxTabs({ active }: { active: 'gift' | 'message' }) {
  const t = useT()
  return (
    <Tabs
      tabs={[
        { to: '/inbox/gift', label: t(inboxMessages.gifts), active: active === 'gift', testId: 'tab-gifts' },
        { to: '/inbox/message', label: t(inboxMessages.messages), active: active === 'message', testId: 'tab-messages' },
      ]}
    />
  )
}
