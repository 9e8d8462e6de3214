import '@testing-library/jest-dom'
import { configure } from '@testing-library/react'
import { webcrypto } from 'node:crypto'
import { TextDecoder, TextEncoder } from 'node:util'
import { provideAllTexts } from '../../shared-contracts/src/i18n/textTable'

// jsdom has neither the encoding API nor Web Crypto's subtle; browsers have both.
Object.assign(globalThis, { TextEncoder, TextDecoder })
Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true })

// The shared texts in every language, as the browser has its own once its language file is in (i18n/texts.ts).
provideAllTexts()

// Unit tests reach no network: a request no test answered fails at once, as offline (axios's
// network error), instead of trying 127.0.0.1:80, which jsdom reports as a console error.
XMLHttpRequest.prototype.send = function offline(this: XMLHttpRequest) {
  setTimeout(() => {
    this.dispatchEvent(new ProgressEvent('error'))
    this.dispatchEvent(new ProgressEvent('loadend'))
  })
}

// jsdom does not scroll; screens that reset the scroll position must not fail there.
window.scrollTo = () => undefined

// findBy*/waitFor wait on state, not on time: their 1 s default is too short when the test run
// shares two cores with the API lanes (a menu test timed out there on CI). A wait that never comes
// still fails, after 5 s.
configure({ asyncUtilTimeout: 5_000 })
