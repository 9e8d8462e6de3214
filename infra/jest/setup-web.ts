import '@testing-library/jest-dom'
import { webcrypto } from 'node:crypto'
import { TextDecoder, TextEncoder } from 'node:util'

// jsdom has neither the encoding API nor Web Crypto's subtle; browsers have both.
Object.assign(globalThis, { TextEncoder, TextDecoder })
Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true })

// jsdom does not scroll; screens that reset the scroll position must not fail there.
window.scrollTo = () => undefined
