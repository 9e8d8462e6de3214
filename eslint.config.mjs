import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import regexp from 'eslint-plugin-regexp'
import globals from 'globals'
import jsxA11y from 'eslint-plugin-jsx-a11y-x'
// The one list of remotes (shared-contracts/federation/remotes.js).
import remotes from './shared-contracts/federation/remotes.js'
import { importX, createNodeResolver } from 'eslint-plugin-import-x'
import fs from 'node:fs'

/**
 * Each area reads and forgets only its own cache keys (issue 14): its `ownedCache` names its own
 * owner, and the key types do the rest. Changes that cross areas travel as typed events.
 */
const cacheOwners = {
  ...Object.fromEntries(remotes.REMOTE_FOLDERS.map((folder) => [folder, remotes.containerName(folder)])),
  host: 'host',
}
/**
 * In-app links name their route (issue 14): `routePath(id, params)` from the route table, never a
 * path spelled by hand (a typo would be a run-time 404). Tests may spell paths.
 */
const NO_LITERAL_LINKS = [
  { selector: "CallExpression[callee.name='path'][arguments.0.type='Literal']", message: "Name the route: path(routePath('…')) instead of a literal path." },
  {
    selector: "CallExpression[callee.name='navigate'][arguments.0.type='Literal']",
    message: "Name the route: navigate(path(routePath('…'))) instead of a literal path.",
  },
  { selector: "JSXAttribute[name.name='to'] > Literal[value=/^\\//]", message: "Name the route: to={routePath('…')} instead of a literal path." },
]
/**
 * No text reaches a replacement pattern (issue 33): in `s.replace(pattern, replacement)` a string
 * replacement gives `$&`, `` $` ``, `$'`, `$1` and `$$` their meaning, so a URL or a title holding
 * one rewrote the page around it. The second argument is a literal (the writer chose every `$`) or
 * a function (its result is taken as it is); anything else is text that may hold a `$`.
 */
const NO_REPLACEMENT_PATTERNS = [
  {
    selector:
      "CallExpression[callee.property.name=/^replace(All)?$/][arguments.length=2]:not([arguments.1.type=/^(Literal|ArrowFunctionExpression|FunctionExpression)$/]):not(:matches([arguments.1.type='TemplateLiteral'][arguments.1.expressions.length=0]))",
    message:
      "A replacement string gives `$&`, `$'`, `$1`… a meaning: pass a literal, or a function returning the text (`s.replace(x, () => text)`), or split/join.",
  },
]
const ownCacheOnly = Object.entries(cacheOwners).map(([folder, owner]) => ({
  files: [`${folder}/src/**/*.{ts,tsx}`],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: `CallExpression[callee.name='ownedCache'][arguments.0.value!='${owner}']`,
        message: `${folder} owns the '${owner}' cache keys only: tell other areas of a change with a typed event (events/bus.ts) instead.`,
      },
      ...NO_LITERAL_LINKS,
      ...NO_REPLACEMENT_PATTERNS,
    ],
  },
}))

/**
 * Layers (issue 36). In the API, `modules/<area>/` may import the lower layers (`http/`, `db/`,
 * `storage/`, the root files) and a sibling area's services, never a sibling's routes (only
 * `modules/index.ts` mounts them); the lower layers never import `modules/`. In a remote, a
 * feature folder imports its own files, the remote's shared folders (`components/`, `i18n/`,
 * `data/`, `lists/`, mf-ops' `console/`) and the remote's root files, never another feature's
 * internals (its `index.ts` is its face): what two features share moves to a shared folder. Tests
 * and a remote's test helpers (`testing.ts`) may cross: they set scenes. The API's and the edge's
 * test helpers live beside their tests, in `src/test/` (issue 36).
 */
const folders = (dir) =>
  fs
    .readdirSync(`${import.meta.dirname}/${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
const API_MODULES = 'infra/api/src/modules'
const apiAreas = folders(API_MODULES).filter((area) => area !== 'tests')
const REMOTE_SHARED_FOLDERS = ['components', 'i18n', 'data', 'lists', 'console']
const layerZones = [
  ...apiAreas.map((area) => ({
    target: `./${API_MODULES}/${area}`,
    from: `./${API_MODULES}/{${apiAreas.filter((other) => other !== area).join(',')}}/*outes.ts`,
    message: "Only modules/index.ts mounts an area's routes: import the service the routes call, or move it to a lower layer.",
  })),
  {
    target: ['./infra/api/src/http', './infra/api/src/db', './infra/api/src/storage'],
    from: `./${API_MODULES}`,
    message: 'http/, db/ and storage/ are below modules/: pass what they need in (deps, a callback), or move the piece down.',
  },
  ...fs
    .readdirSync(import.meta.dirname)
    .filter((name) => name.startsWith('mf-'))
    .flatMap((remote) => {
      const features = folders(`${remote}/src`).filter((folder) => !REMOTE_SHARED_FOLDERS.includes(folder))
      return features.map((feature) => ({
        target: `./${remote}/src/${feature}`,
        from: features.filter((other) => other !== feature).map((other) => `./${remote}/src/${other}`),
        except: ['./index.ts'],
        message: `A feature folder of ${remote} never imports another feature's internals: move what both use to a shared folder (${REMOTE_SHARED_FOLDERS.join(', ')}).`,
      }))
    })
    .filter((zone) => zone.from.length > 0),
]

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.cache/**', '**/*.d.ts'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@koma/mf-*', '**/mf-*/src/**', '@koma/host', '**/host/src/**'],
              message: 'Remotes never import each other or the host: go through @koma/contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Regular expressions: no pattern may take more than linear time on any input (a crafted
    // e-mail once held the API for seconds), and the plugin's correctness checks. Its style rules
    // are left off.
    files: ['**/*.{ts,tsx,js,cjs,mjs}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'regexp/confusing-quantifier': 'error',
      'regexp/no-contradiction-with-assertion': 'error',
      'regexp/no-dupe-characters-character-class': 'error',
      'regexp/no-dupe-disjunctions': 'error',
      'regexp/no-empty-alternative': 'error',
      'regexp/no-empty-capturing-group': 'error',
      'regexp/no-empty-character-class': 'error',
      'regexp/no-empty-group': 'error',
      'regexp/no-empty-lookarounds-assertion': 'error',
      'regexp/no-escape-backspace': 'error',
      'regexp/no-invalid-regexp': 'error',
      'regexp/no-lazy-ends': 'error',
      'regexp/no-misleading-capturing-group': 'error',
      'regexp/no-misleading-unicode-character': 'error',
      'regexp/no-missing-g-flag': 'error',
      'regexp/no-optional-assertion': 'error',
      'regexp/no-potentially-useless-backreference': 'error',
      'regexp/no-useless-assertions': 'error',
      'regexp/no-useless-backreference': 'error',
      'regexp/no-useless-dollar-replacements': 'error',
      'regexp/no-zero-quantifier': 'error',
    },
  },
  {
    // Typed rules (issue 14): a promise nobody awaits loses its failure; a switch over a union
    // must say what it does with every member (a default counts).
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.web-tests.json', './infra/tsconfig.json', './infra/tsconfig.browser.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // Accessibility of the markup (issue 14): jsx-a11y's recommended rules on the browser code
    // (the maintained fork that supports ESLint 10); axe-core checks the rendered pages in e2e.
    files: ['{host,mf-*}/src/**/*.tsx'],
    ...jsxA11y.configs.recommended,
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // A named region that scrolls sideways (a wide table on a phone) takes the focus so a
      // keyboard can scroll it: axe's scrollable-region-focusable asks for exactly that.
      'jsx-a11y-x/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  {
    // Every file; the entries below that set no-restricted-syntax for their own files repeat it.
    files: ['**/*.{ts,tsx,js,cjs,mjs}'],
    rules: { 'no-restricted-syntax': ['error', ...NO_REPLACEMENT_PATTERNS] },
  },
  ...ownCacheOnly,
  {
    // One error catalogue on the API (issue 14): a failure is declared once, with its status, text
    // and code, in http/errorCatalogue.ts; call sites throw it by name.
    files: ['infra/api/src/**/*.ts'],
    ignores: ['infra/api/src/http/errors.ts', 'infra/api/src/http/errorCatalogue.ts', 'infra/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='HttpError']",
          message: "Throw a failure of the API's error catalogue by name (apiError('…'), http/errorCatalogue.ts); declare a new one there.",
        },
        ...NO_REPLACEMENT_PATTERNS,
      ],
    },
  },
  {
    // No import cycles (issue 36): a module that reaches itself again through its imports loads
    // half-initialised and cannot be understood alone. `import type` does not count (it leaves no
    // trace at run time); break a value cycle by moving the shared piece to the lower module.
    files: ['**/*.{ts,tsx,js,cjs,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['infra/api/src/**/*.ts', 'mf-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }] },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
