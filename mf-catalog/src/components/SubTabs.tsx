import { COLORS, type MenuSubItem } from '@koma/contracts'

/** A menu's sub-tabs (weekdays, genres) as chips; the chosen one is kept in currentItemCode. */
export function SubTabs({
  items,
  current,
  onChoose,
  label,
}: {
  items: MenuSubItem[]
  current: string | null
  onChoose: (code: string) => void
  label: string
}) {
  if (items.length === 0) return null
  return (
    <nav aria-label={label} css={{ overflowX: 'auto', scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}>
      <ul css={{ display: 'flex', gap: 8, margin: 0, padding: '4px 16px 12px', listStyle: 'none', width: 'max-content' }}>
        {items.map((item) => {
          const active = item.code === current
          return (
            <li key={item.code}>
              <button
                type="button"
                data-item={item.code}
                aria-pressed={active}
                onClick={() => onChoose(item.code)}
                css={{
                  padding: '7px 14px',
                  borderRadius: 18,
                  border: `1px solid ${active ? COLORS.text : COLORS.line}`,
                  background: active ? COLORS.text : COLORS.surface,
                  color: active ? '#fff' : COLORS.text,
                  fontSize: 13,
                  fontWeight: 700,
                  cursor: 'pointer',
                  whiteSpace: 'nowrap',
                }}
              >
                {item.label}
              </button>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
