import type { ContentStatus } from '@koma/contracts/server'
import { LANGS, WEEKDAYS, perLang, type L10n, type Lang } from './lang'
import { itemAt } from './lists'
import { AUTHORS } from './texts/authors'
import { GENRE_NAMES, type GenreCode } from './texts/genres'
import type { TitleKind, TitleSpec } from './texts/title-spec'

/** The texts of one content row in one language. */
export interface ContentText {
  name: string
  description: string
  search_keyword: string
  sns_text: string
}

const LOCALE_TAGS: Record<Lang, string> = { ja: 'ja-JP', en: 'en-US', fr: 'fr-FR' }

function joinAnd(items: string[], lang: Lang): string {
  if (lang === 'ja') return items.join('・')
  if (items.length < 2) return items.join('')
  const and = lang === 'en' ? ' and ' : ' et '
  return `${items.slice(0, -1).join(', ')}${and}${items[items.length - 1]}`
}

/** The line after the premise: when new episodes come, or how the series ended. */
function scheduleLine(kind: TitleKind, status: ContentStatus, days: number[], count: number, launch: Date, lang: Lang): string {
  const dayNames = joinAnd(
    days.map((day) => itemAt(WEEKDAYS, day, 'weekday')[lang]),
    lang,
  )
  const launchDate = new Intl.DateTimeFormat(LOCALE_TAGS[lang], { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(launch)
  const unit =
    kind === 'volume'
      ? { ja: '巻', en: 'volumes', fr: 'tomes' }
      : kind === 'magazine'
        ? { ja: '号', en: 'issues', fr: 'numéros' }
        : { ja: '話', en: 'episodes', fr: 'épisodes' }
  switch (status) {
    case 'ongoing':
      if (kind === 'volume')
        return { ja: `第1巻〜第${count}巻まで配信中。`, en: `Volumes 1 to ${count} available now.`, fr: `Tomes 1 à ${count} disponibles.` }[lang]
      if (kind === 'magazine') return { ja: `毎週${dayNames}発売。`, en: `A new issue every ${dayNames}.`, fr: `Un nouveau numéro chaque ${dayNames}.` }[lang]
      return { ja: `毎週${dayNames}更新！`, en: `New episodes every ${dayNames}!`, fr: `Nouvel épisode chaque ${dayNames} !` }[lang]
    case 'completed':
      return {
        ja: `全${count}${unit.ja}完結。一気読みにどうぞ。`,
        en: `Complete in ${count} ${unit.en}, perfect for a binge.`,
        fr: `Série terminée en ${count} ${unit.fr}, idéale pour tout dévorer.`,
      }[lang]
    case 'hiatus':
      return {
        ja: 'ただいま休載中。再開をお楽しみに。',
        en: 'On hiatus for now. The story will be back soon.',
        fr: 'En pause pour le moment. La suite arrive bientôt.',
      }[lang]
    case 'coming_soon':
      return { ja: `${launchDate}配信開始！`, en: `Starts ${launchDate}.`, fr: `Début le ${launchDate}.` }[lang]
  }
}

export interface DescriptionInput {
  spec: TitleSpec
  days: number[]
  chapterCount: number
  launch: Date
  authorIndexes: number[]
}

export function contentTexts({ spec, days, chapterCount, launch, authorIndexes }: DescriptionInput): Record<Lang, ContentText> {
  const genreNames = (lang: Lang): string[] => spec.genres.map((genre: GenreCode) => GENRE_NAMES[genre][lang])
  const [mainGenre] = spec.genres
  const authorNames = (lang: Lang): string[] => Array.from(new Set(authorIndexes)).map((i) => itemAt(AUTHORS, i, 'author').name[lang])
  const texts = {} as Record<Lang, ContentText>
  for (const lang of LANGS) {
    const name = spec.name[lang]
    const otherNames = LANGS.filter((other) => other !== lang && spec.name[other] !== name).map((other) => spec.name[other])
    const tag = GENRE_NAMES[mainGenre][lang].replace(/[\s-]/g, '')
    texts[lang] = {
      name,
      description: `${spec.premise[lang]}${lang === 'ja' ? '' : ' '}${scheduleLine(spec.kind, spec.status, days, chapterCount, launch, lang)}`,
      search_keyword: [...genreNames(lang), ...authorNames(lang), ...otherNames].join(' '),
      sns_text: snsText(name, tag)[lang],
    }
  }
  return texts
}

const snsText = (name: string, tag: string): L10n =>
  perLang((lang) =>
    lang === 'ja'
      ? `「${name}」をKomaで読もう！ #Koma #${tag}`
      : lang === 'en'
        ? `Reading “${name}” on Koma! #Koma #${tag}`
        : `Je lis « ${name} » sur Koma ! #Koma #${tag}`,
  )
