import { api, invalidateAll, LocaleContext, setCurrentLocale, type Locale } from '@koma/contracts'
import { IMPORT_LIMITS, opsEndpoints, type OpsImported } from '@koma/contracts/ops'
import { CacheProvider } from '@emotion/react'
import createCache from '@emotion/cache'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { File as NodeFile } from 'node:buffer'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { OpsIntl } from '../i18n/OpsIntl'
import { ImportPanel } from './ImportPanel'
import { VERIFIED_OPERATOR } from '../console/testing'

const verified = VERIFIED_OPERATOR
const imported: OpsImported = { kind: 'epub', contentType: 'comic', contentId: 42, chapterId: 420, title: 'Moby Dick', detail: 'reflowable, ltr, 3 documents' }

async function renderPanel(locale: Locale) {
  invalidateAll()
  setCurrentLocale(locale)
  await act(async () => {
    render(
      <CacheProvider value={createCache({ key: 'i' })}>
        <LocaleContext.Provider value={{ locale, prefix: locale === 'ja' ? null : locale }}>
          <MemoryRouter>
            <Suspense fallback={null}>
              <OpsIntl>
                <ImportPanel />
              </OpsIntl>
            </Suspense>
          </MemoryRouter>
        </LocaleContext.Provider>
      </CacheProvider>,
    )
  })
  return screen.findByTestId('ops-import')
}

/**
 * A file as the browser hands it over: from a folder it carries its path in that folder. Node's
 * File, as the test page's FormData is Node's (infra/jest/jsdom-env.js).
 */
function file(name: string, options: { folder?: string; size?: number } = {}): File {
  const made = new NodeFile(['x'], name) as unknown as File
  if (options.folder) Object.defineProperty(made, 'webkitRelativePath', { value: `${options.folder}/${name}` })
  if (options.size) Object.defineProperty(made, 'size', { value: options.size })
  return made
}

type Options = { raw: FormData; onUploadProgress: (progress: { loaded: number; total: number | null }) => void }

afterEach(() => jest.restoreAllMocks())

describe('importing from the console', () => {
  it('sends one EPUB with its progress shown, then says what was made with links to it', async () => {
    let finish: (value: OpsImported) => void = () => undefined
    let sent: Options | null = null
    const request = jest.spyOn(api, 'request').mockImplementation(async (endpoint, options) => {
      if (endpoint === opsEndpoints.opsMe) return verified as never
      sent = options as Options
      return new Promise((resolve) => (finish = resolve as (value: OpsImported) => void)) as never
    })
    const panel = await renderPanel('en')
    fireEvent.change(within(panel).getByLabelText('EPUB file'), { target: { files: [file('cover.png')] } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Import' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Choose one .epub file.')
    expect(request).not.toHaveBeenCalled()

    fireEvent.change(within(panel).getByLabelText('EPUB file'), { target: { files: [file('moby-dick.epub')] } })
    expect(within(panel).getByTestId('ops-import-chosen')).toHaveTextContent('moby-dick.epub')
    fireEvent.click(within(panel).getByRole('button', { name: 'Import' }))
    await waitFor(() => expect(request).toHaveBeenCalledWith(opsEndpoints.opsImport, expect.objectContaining({ raw: expect.any(FormData) })))
    const form = sent!.raw
    expect(form.get('kind')).toBe('epub')
    expect((form.getAll('file') as File[]).map((f) => f.name)).toEqual(['moby-dick.epub'])

    act(() => sent!.onUploadProgress({ loaded: 512, total: 1024 }))
    expect(within(panel).getByTestId('ops-import-progress')).toHaveTextContent('Uploading… 50%')
    expect(within(panel).getByRole('progressbar')).toHaveAttribute('value', '50')
    act(() => sent!.onUploadProgress({ loaded: 1024, total: 1024 }))
    expect(within(panel).getByTestId('ops-import-progress')).toHaveTextContent('Uploaded. Importing…')

    await act(async () => finish(imported))
    const done = await within(panel).findByTestId('ops-import-done')
    expect(done).toHaveTextContent('Imported “Moby Dick” as No. 42.')
    expect(within(done).getByRole('link', { name: 'Open it in the console' })).toHaveAttribute('href', '/en/ops/titles/42')
    expect(within(done).getByRole('link', { name: 'See it as a reader' })).toHaveAttribute('href', '/en/comic/42')
    expect(within(panel).queryByTestId('ops-import-progress')).toBeNull()
  })

  it('takes a folder’s pages in their names’ order, leaves other files out, and names the comic after the folder', async () => {
    const request = jest.spyOn(api, 'request').mockResolvedValue({ ...imported, kind: 'images', title: 'Night walk' } as never)
    const panel = await renderPanel('en')
    fireEvent.click(within(panel).getByLabelText('Images (a comic)'))
    const folder = within(panel).getByLabelText('A folder of images')
    expect(folder).toHaveAttribute('webkitdirectory')
    fireEvent.change(folder, {
      target: { files: [file('10.png', { folder: 'Night walk' }), file('.DS_Store', { folder: 'Night walk' }), file('2.png', { folder: 'Night walk' })] },
    })
    expect(within(panel).getByTestId('ops-import-chosen')).toHaveTextContent('2 pages (0.0 MB), from Night walk/2.png; 1 other file left out')
    expect(within(panel).getByLabelText('Title of the comic')).toHaveValue('Night walk')
    fireEvent.click(within(panel).getByLabelText(/Pages read left to right/))
    fireEvent.click(within(panel).getByRole('button', { name: 'Import' }))
    await waitFor(() => expect(request).toHaveBeenCalledWith(opsEndpoints.opsImport, expect.anything()))
    const form = (request.mock.calls[0]![1] as Options).raw
    expect([form.get('kind'), form.get('title'), form.get('ltr')]).toEqual(['images', 'Night walk', 'true'])
    expect((form.getAll('pages') as File[]).map((f) => f.name)).toEqual(['Night walk/2.png', 'Night walk/10.png'])
    expect(await within(panel).findByTestId('ops-import-done')).toHaveTextContent('Imported “Night walk” as No. 42.')
  })

  it('refuses what the API would refuse before sending it, in the operator’s language', async () => {
    const request = jest.spyOn(api, 'request').mockResolvedValue(imported as never)
    const panel = await renderPanel('ja')
    fireEvent.click(within(panel).getByLabelText('画像（マンガ）'))
    fireEvent.change(within(panel).getByLabelText('または画像ファイル'), { target: { files: [file('1.png'), file('notes.txt')] } })
    fireEvent.click(within(panel).getByRole('button', { name: '取り込む' }))
    const alerts = await within(panel).findAllByRole('alert')
    expect(alerts.map((alert) => alert.textContent)).toEqual(['ページはJPEG・PNG・WebP・GIF画像にしてください。', '入力してください。'])

    fireEvent.change(within(panel).getByLabelText('または画像ファイル'), { target: { files: [file('1.png', { size: IMPORT_LIMITS.imageBytes + 1 })] } })
    fireEvent.change(within(panel).getByLabelText('マンガのタイトル'), { target: { value: '大きな絵' } })
    fireEvent.click(within(panel).getByRole('button', { name: '取り込む' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent('大きすぎます。EPUBは64MBまで、ページは1枚20MBまで')
    expect(request).not.toHaveBeenCalled()
  })
})
