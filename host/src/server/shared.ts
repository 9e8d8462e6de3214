import * as emotionCache from '@emotion/cache'
import * as emotionReact from '@koma/contracts/emotion'
import * as emotionJsxRuntime from '@emotion/react/jsx-runtime'
import * as contracts from '@koma/contracts'
import * as contractsUi from '@koma/contracts/ui'
import * as contractsValidation from '@koma/contracts/validation'
import * as mobx from '@koma/contracts/mobx'
import * as mobxReactLite from '@koma/contracts/mobxReact'
import * as React from 'react'
import * as jsxRuntime from 'react/jsx-runtime'
import * as ReactDOM from 'react-dom'
import * as reactIntl from '@koma/contracts/intl'
import * as router from '@koma/contracts/router'

/**
 * What the host provides to the remotes it draws on the edge (issue 13), by the names they import
 * (the `shared` map of contracts' federation/shared.js; React Router, MobX, mobx-react-lite, react-intl and @emotion/react as its lists): as in the browser, where the host's
 * copies are the page's one React, router, MobX, intl, emotion and contracts, every remote's
 * server build takes these (webpack externals) instead of its own. axios is not here: nothing
 * is fetched while the edge draws a page.
 */
export const SHARED: Readonly<Record<string, unknown>> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  'react-router-dom': router,
  mobx,
  'mobx-react-lite': mobxReactLite,
  'react-intl': reactIntl,
  '@emotion/react': emotionReact,
  '@emotion/react/jsx-runtime': emotionJsxRuntime,
  '@emotion/cache': emotionCache,
  '@koma/contracts': contracts,
  '@koma/contracts/validation': contractsValidation,
  '@koma/contracts/ui': contractsUi,
}
