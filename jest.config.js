// @ts-check
// One Jest run for every package's unit and API tests. End-to-end tests have their own
// config (infra/e2e/jest.config.js) because they need the built site behind the edge.
const fs = require('node:fs')
const path = require('node:path')
const { REMOTE_FOLDERS } = require('./shared-contracts/federation/remotes')

const swc = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc.jest.json'), 'utf8'))
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { ...swc, swcrc: false }] }
// ESM-only packages Jest must transform.
const esm = ['react-intl', '@formatjs', 'intl-messageformat', 'kysely', '@electric-sql', 'cookie', 'openid-client', 'oauth4webapi', 'jose', '@scure', '@noble']
const transformIgnorePatterns = [`/node_modules/(?!(${esm.join('|')})/)`]

/** @param {string} name @param {string} dir */
const web = (name, dir) => ({
  displayName: name,
  rootDir: path.join(__dirname, dir),
  testEnvironment: path.join(__dirname, 'infra/jest/jsdom-env.js'),
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  setupFilesAfterEnv: [path.join(__dirname, 'infra/jest/setup-web.ts'), path.join(__dirname, 'infra/jest/console-guard.ts')],
  moduleNameMapper: { '\\.(css|png|svg|jpg|webp)$': path.join(__dirname, 'infra/jest/asset-stub.js') },
  transform,
  transformIgnorePatterns,
})

/** @type {import('jest').Config} */
module.exports = {
  // Every core runs test files. Jest's default (cores - 1) is one worker on these 2-core machines,
  // and one worker means Jest runs every file in its own process, one after the other: measured
  // on the whole unit + API lane, 429 s in band against 263 s on two workers (PostgreSQL lane 170 s).
  maxWorkers: '100%',
  projects: [
    web('contracts', 'shared-contracts'),
    web('host', 'host'),
    // One project per remote, named by its folder: the one list (shared-contracts/federation/remotes.js).
    ...REMOTE_FOLDERS.map((folder) => web(folder, folder)),
    {
      displayName: 'api',
      rootDir: path.join(__dirname, 'infra'),
      testEnvironment: 'node',
      testMatch: ['<rootDir>/api/src/**/*.test.ts', '<rootDir>/edge/src/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts', '<rootDir>/webpack/**/*.test.ts'],
      globalSetup: path.join(__dirname, 'infra/api/src/test/globalSetup.ts'),
      // setup-api.ts: 20 s per test and hook (a test app's database start on a busy machine).
      setupFilesAfterEnv: [path.join(__dirname, 'infra/jest/setup-api.ts'), path.join(__dirname, 'infra/jest/console-guard.ts')],
      transform,
      transformIgnorePatterns,
    },
  ],
}
