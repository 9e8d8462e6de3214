import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { insertAll } from './batch'
import { LANGS, l10n, type L10n } from './lang'

/** The catalogue menu (SPEC §3 Menu): `home` has no list of its own. */
export const MENU: { code: string; apiPath: string; listUiType: 'grid' | 'rank'; label: L10n }[] = [
  { code: 'home', apiPath: '', listUiType: 'grid', label: l10n('ホーム', 'Home', 'Accueil') },
  { code: 'new', apiPath: '/menu/all_comic/new', listUiType: 'grid', label: l10n('新作', 'New', 'Nouveautés') },
  { code: 'ranking', apiPath: '/menu/all_comic/ranking', listUiType: 'rank', label: l10n('ランキング', 'Ranking', 'Classement') },
  { code: 'free', apiPath: '/menu/all_comic/free', listUiType: 'grid', label: l10n('無料', 'Free', 'Gratuit') },
  { code: 'daily', apiPath: '/menu/all_comic/daily', listUiType: 'grid', label: l10n('曜日', 'Daily', 'Par jour') },
  { code: 'completed', apiPath: '/menu/all_comic/completed', listUiType: 'grid', label: l10n('完結', 'Completed', 'Terminés') },
  { code: 'genre', apiPath: '/menu/all_comic/genre', listUiType: 'grid', label: l10n('ジャンル', 'Genres', 'Genres') },
  { code: 'store', apiPath: '/menu/all_comic/store', listUiType: 'grid', label: l10n('ストア', 'Store', 'Boutique') },
  { code: 'event', apiPath: '/menu/all_comic/event', listUiType: 'grid', label: l10n('イベント', 'Events', 'Événements') },
]

/** Writes the menu unless one is already there. */
export async function insertMenu(db: Kysely<Database>): Promise<number> {
  if (await db.selectFrom('menu_items').select('code').limit(1).executeTakeFirst()) return 0
  await insertAll(
    db,
    'menu_items',
    MENU.map((item, i) => ({ code: item.code, sort: i + 1, api_path: item.apiPath, list_ui_type: item.listUiType })),
  )
  await insertAll(
    db,
    'menu_item_texts',
    MENU.flatMap((item) => LANGS.map((lang) => ({ code: item.code, lang, label: item.label[lang] }))),
  )
  return MENU.length
}
