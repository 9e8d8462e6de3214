import { format } from 'node:util'

/**
 * A test run prints only what matters: a React act() warning, a jsdom "not implemented" or a
 * stray console error is a bug in the test or in the code. Whatever reaches console.error or
 * console.warn during a test fails that test, named (issue 36). A test that expects a message
 * says so by spying on the console itself (`jest.spyOn(console, 'error').mockImplementation(…)`),
 * which replaces this guard for as long as the spy lives.
 */
const printed: string[] = []

for (const level of ['error', 'warn'] as const) {
  const original = console[level].bind(console)
  console[level] = (...args: unknown[]) => {
    printed.push(`console.${level}: ${format(...args).slice(0, 600)}`)
    original(...args)
  }
}

function said(when: string): void {
  if (printed.length === 0) return
  const lines = printed.splice(0)
  throw new Error(`${when} printed to the console (fix the cause, or spy on the console where a message is expected):\n${lines.join('\n---\n')}`)
}

afterEach(() => said('This test'))
// What arrives between tests (a timer or a promise left running) is the file's.
afterAll(() => said('This file, after its last test,'))
