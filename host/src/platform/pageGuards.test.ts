import { installPageGuards } from './pageGuards'

/** Right-clicks `element` as a browser does; true when the page let its context menu open. */
const menuOpens = (element: Element): boolean => element.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, button: 2 }))

describe('SPEC §1 context menu (issue 35: a reader could not paste)', () => {
  beforeAll(() => installPageGuards())
  afterEach(() => document.body.replaceChildren())

  it('blocks it on the page, on images and on buttons', () => {
    document.body.innerHTML = '<p id="text">Chapter</p><img id="art" alt="" /><button id="go">Go</button><input id="box" type="checkbox" />'
    for (const id of ['text', 'art', 'go', 'box']) expect([id, menuOpens(document.getElementById(id)!)]).toEqual([id, false])
    expect(menuOpens(document.body)).toBe(false)
  })

  it('leaves text inputs, textareas and editable content alone so a reader can paste', () => {
    document.body.innerHTML = [
      '<input id="plain" />',
      '<input id="search" type="search" />',
      '<input id="email" type="email" />',
      '<input id="password" type="password" />',
      '<input id="code" type="text" inputmode="numeric" />',
      '<textarea id="comment"></textarea>',
      '<div contenteditable="true"><span id="inside">draft</span></div>',
      '<div contenteditable="false"><span id="locked">no</span></div>',
    ].join('')
    for (const id of ['plain', 'search', 'email', 'password', 'code', 'comment', 'inside'])
      expect([id, menuOpens(document.getElementById(id)!)]).toEqual([id, true])
    expect(menuOpens(document.getElementById('locked')!)).toBe(false)
  })
})
