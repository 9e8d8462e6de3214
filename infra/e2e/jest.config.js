// @ts-check
// End-to-end tests: the built site behind the edge, driven in Debian's Chromium.
const fs = require('node:fs')
const path = require('node:path')

const root = path.resolve(__dirname, '..', '..')
const swc = JSON.parse(fs.readFileSync(path.join(root, '.swcrc.jest.json'), 'utf8'))

/** @type {import('jest').Config} */
module.exports = {
  rootDir: root,
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/infra/e2e/**/*.e2e.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { ...swc, swcrc: false }] },
  // ESM-only packages the tests import (otplib: the operator's authenticator codes).
  transformIgnorePatterns: ['/node_modules/(?!(kysely|@electric-sql|otplib|@otplib|@scure|@noble)/)'],
  globalSetup: '<rootDir>/infra/e2e/support/globalSetup.ts',
  globalTeardown: '<rootDir>/infra/e2e/support/globalTeardown.ts',
  testTimeout: 90_000,
  // Three files at once on our 2-core machines: a browser test waits on the network, timers and the
  // API's jobs much of its time, and with two workers about a quarter of the CPU stayed idle
  // (vmstat). Three fill it: the lane went 395 -> 312 s, the same 661 CPU-seconds.
  maxWorkers: 3,
}
