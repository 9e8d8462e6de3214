import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef, useState } from 'react'
import { DialogFrame } from './DialogFrame'
import { useMenuKeys } from './focusTrap'

/** A page with an opener and a dialog (confirm-like with onOutside, or an alert without). */
function Page({ alert = false, inner = false }: { alert?: boolean; inner?: boolean }) {
  const [open, setOpen] = useState(false)
  const [second, setSecond] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <button type="button">behind</button>
      {open ? (
        <DialogFrame testId="dialog" label="A dialog" onOutside={alert ? undefined : () => setOpen(false)}>
          <button type="button" onClick={() => setSecond(true)}>
            first
          </button>
          <a href="#x">middle</a>
          <button type="button" disabled>
            disabled
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            last
          </button>
        </DialogFrame>
      ) : null}
      {inner && second ? (
        <DialogFrame testId="inner" level={1} label="Inner" onOutside={() => setSecond(false)}>
          <button type="button">inner only</button>
        </DialogFrame>
      ) : null}
    </>
  )
}

describe('DialogFrame keyboard (focus trap)', () => {
  it('moves focus in, keeps Tab and Shift+Tab inside, Escape closes, focus returns to the opener', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await user.tab()
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('link', { name: 'middle' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'last' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(screen.getByRole('button', { name: 'last' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus()
  })

  it('an alert ignores Escape (SPEC §2: it must be answered) and keeps focus inside', async () => {
    const user = userEvent.setup()
    render(<Page alert />)
    await user.click(screen.getByRole('button', { name: 'open' }))
    await user.keyboard('{Escape}')
    expect(screen.getByTestId('dialog')).toBeInTheDocument()
    screen.getByRole('button', { name: 'behind' }).focus()
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'last' }))
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus()
  })

  it('leaves alone an overlay appended to <body> outside the app (a payment provider’s sheet)', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await user.click(screen.getByRole('button', { name: 'open' }))
    const sheet = document.createElement('div')
    sheet.innerHTML = '<button type="button">pay</button><button type="button">cancel</button>'
    document.body.appendChild(sheet)
    try {
      const pay = sheet.querySelector('button')!
      pay.focus()
      expect(pay).toHaveFocus()
      await user.tab()
      expect(sheet.querySelectorAll('button')[1]).toHaveFocus()
    } finally {
      sheet.remove()
    }
    screen.getByRole('button', { name: 'behind' }).focus()
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus()
  })

  it('stacked dialogs: Escape closes only the top one, and focus goes back into the one below', async () => {
    const user = userEvent.setup()
    render(<Page inner />)
    await user.click(screen.getByRole('button', { name: 'open' }))
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'inner only' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'inner only' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('inner')).not.toBeInTheDocument()
    expect(screen.getByTestId('dialog')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus()
  })
})

function Menu() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  const onKey = useMenuKeys(open, () => setOpen(false), button, menu)
  return (
    <div onKeyDown={onKey}>
      <button ref={button} type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        account
      </button>
      {open ? (
        <div ref={menu} role="menu">
          <a role="menuitem" href="#a">
            one
          </a>
          <a role="menuitem" href="#b">
            two
          </a>
          <button role="menuitem" type="button">
            three
          </button>
        </div>
      ) : null}
      <button type="button">after</button>
    </div>
  )
}

describe('useMenuKeys', () => {
  it('opens on Enter onto the first item, arrows wrap, Home/End, Escape closes back on the button', async () => {
    const user = userEvent.setup()
    render(<Menu />)
    await user.tab()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('menuitem', { name: 'one' })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('menuitem', { name: 'two' })).toHaveFocus()
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(screen.getByRole('menuitem', { name: 'three' })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('menuitem', { name: 'one' })).toHaveFocus()
    await user.keyboard('{End}')
    expect(screen.getByRole('menuitem', { name: 'three' })).toHaveFocus()
    await user.keyboard('{Home}')
    expect(screen.getByRole('menuitem', { name: 'one' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'account' })).toHaveFocus()
    expect(screen.getByRole('button', { name: 'account' })).toHaveAttribute('aria-expanded', 'false')
  })

  it('Tab closes the menu and moves on', async () => {
    const user = userEvent.setup()
    render(<Menu />)
    await user.click(screen.getByRole('button', { name: 'account' }))
    await user.tab()
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })
})
