const { chromium } = require('playwright-core')
const fs = require('fs'), path = require('path')
const base = 'http://127.0.0.1:8301'
function mail(to) {
  const dir = '/tmp/dbg-data/outbox'
  const all = fs.readdirSync(dir).sort().map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))
  return all.reverse().find((m) => m.to === to && m.tag === 'code')
}
;(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
  for (const [w, h] of [[390, 844], [1280, 800]]) {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'x-forwarded-for': '198.18.0.' + w % 250 } })
    const page = await context.newPage()
    page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()))
    page.on('response', (r) => r.url().includes('/api/') && r.status() >= 400 && console.log('resp', r.status(), r.url()))
    const email = `dbg-${Date.now()}-${w}@koma.example`
    await page.goto('/en/signup')
    await page.getByTestId('signup-email').fill(email)
    await page.getByTestId('signup-send').click()
    await page.getByTestId('signup-certificate').waitFor()
    let m; for (let i = 0; i < 50 && !(m = mail(email)); i++) await new Promise((r) => setTimeout(r, 100))
    const code = /(\d{6})/.exec(m.subject)[1]
    await page.getByTestId('signup-code').fill(code)
    await page.getByTestId('signup-verify').click()
    await page.getByTestId('signup-join').waitFor()
    await page.getByTestId('join-password').fill('koma-test-' + w + 'abc')
    await page.getByTestId('join-password-confirm').fill('koma-test-' + w + 'abc')
    await page.getByTestId('join-birthday').fill('2000-05-05')
    await page.getByTestId('join-agree-all').check()
    await page.getByTestId('join-submit').click()
    try { await page.getByTestId('inbox-gifts').waitFor({ timeout: 10000 }); console.log(w, 'ok') } catch (e) { console.log(w, 'stuck at', page.url()); await page.screenshot({ path: `/tmp/dbg-${w}.png` }) }
    await context.close()
  }
  await browser.close()
})()
