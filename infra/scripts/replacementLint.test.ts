import path from 'node:path'
import { ESLint } from 'eslint'

/**
 * Issue 33: a string handed to `.replace` / `.replaceAll` as the replacement is a pattern (`$&`,
 * `` $` ``, `$'`, `$1`, `$$`): text from a URL or a title there rewrote the edge's pages. The lint
 * rule in eslint.config.mjs keeps the class closed; this test keeps the rule on, in every area.
 */

const root = path.resolve(__dirname, '../..')
const eslint = new ESLint({ cwd: root })
const SELECTOR_MESSAGE = /A replacement string gives/

const PROBE = [
  'const text = String(Math.random()), pattern = /x/g',
  'const f = (v) => v',
  'export const refused = [',
  '  text.replace(pattern, text),',
  '  text.replaceAll("x", text),',
  '  text.replace(pattern, `<b>${text}</b>`),',
  '  text.replace(pattern, f),',
  '  text?.replace(pattern, text + "!"),',
  ']',
  'export const allowed = [',
  '  text.replace(pattern, "$1"),',
  '  text.replace(pattern, `plain`),',
  '  text.replace(pattern, () => text),',
  '  text.replaceAll("x", function () { return text }),',
  '  text.split("x").join(text),',
  '  location.replace(text),',
  ']',
].join('\n')

it('refuses a replacement that is not a literal or a function, and allows the rest', async () => {
  const [result] = await eslint.lintText(PROBE, { filePath: path.join(root, 'infra/edge/src/probe.mjs') })
  const lines = result!.messages.filter((message) => SELECTOR_MESSAGE.test(message.message)).map((message) => message.line)
  expect(lines).toEqual([4, 5, 6, 7, 8])
})

it('is on in the edge, the API, the contracts, the host and every remote (their own no-restricted-syntax lists keep it)', async () => {
  for (const file of [
    'infra/edge/src/http/pageMeta.ts',
    'infra/api/src/modules/inbox/service.ts',
    'infra/api/src/modules/inbox/service.test.ts',
    'shared-contracts/src/i18n/texts.ts',
    'host/src/bootstrap.tsx',
    'mf-catalog/src/routes.ts',
    'mf-account/src/settings/SettingsPage.tsx',
    'mf-viewer/src/routes.ts',
    'infra/scripts/start.mjs',
  ]) {
    const config = (await eslint.calculateConfigForFile(path.join(root, file))) as { rules: Record<string, unknown[]> }
    const selectors = (config.rules['no-restricted-syntax'] ?? []).slice(1).map((entry) => (entry as { message: string }).message)
    expect([file, selectors.some((message) => SELECTOR_MESSAGE.test(message))]).toEqual([file, true])
  }
})
