import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { FAQS, LEGAL, NOTICES } from './texts/documents'

const DAY = 86_400_000
const HOUR = 3_600_000

const json = (value: unknown): string => JSON.stringify(value)

/** Coupons anyone can try on a seeded site (the README and the e2e tests use them). */
export const SEEDED_COUPONS = { welcome: 'KOMA2026', tickets: 'READMORE', expired: 'SUMMER2025', limited: 'FIRST100' } as const

/**
 * The documents every site needs (notices, FAQ, legal); then, for the demo only (`ids` given),
 * coupons, the seeded members' settings and agreed terms, and the seeded reader's inbox (gifts,
 * one expiring within 24 hours, and messages).
 */
export async function insertAccountData(
  db: Kysely<Database>,
  ids: { seededId: number; secondId?: number; operatorId?: number; readerIds: number[]; contentIds: number[] } | null,
  now: Date,
): Promise<number> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY)
  let rows = 0
  for (const notice of NOTICES) {
    const { id } = await db
      .insertInto('notices')
      .values({ category: notice.category, pinned: notice.pinned, published_at: ago(notice.daysAgo) })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('notice_texts')
      .values(Object.entries(notice.texts).map(([lang, text]) => ({ notice_id: id, lang, ...text })))
      .execute()
    rows += 1
  }
  for (const [sort, faq] of FAQS.entries()) {
    const { id } = await db.insertInto('faqs').values({ category: faq.category, sort }).returning('id').executeTakeFirstOrThrow()
    await db
      .insertInto('faq_texts')
      .values(Object.entries(faq.texts).map(([lang, text]) => ({ faq_id: id, lang, ...text })))
      .execute()
    rows += 1
  }
  for (const doc of LEGAL) {
    await db
      .insertInto('legal_documents')
      .values({ type: doc.type, version: doc.version, effective_at: ago(doc.daysAgo) })
      .execute()
    await db
      .insertInto('legal_texts')
      .values(Object.entries(doc.texts).map(([lang, text]) => ({ type: doc.type, version: doc.version, lang, ...text })))
      .execute()
    rows += 1
  }
  if (!ids) return rows
  const termsVersion = Math.max(...LEGAL.filter((doc) => doc.type === 'terms').map((doc) => doc.version))
  const members = [ids.seededId, ...(ids.secondId ? [ids.secondId] : []), ...(ids.operatorId ? [ids.operatorId] : []), ...ids.readerIds]
  await db
    .updateTable('members')
    .set({ terms_version: termsVersion, password_changed_at: ago(20), birthday: '1994-04-12' })
    .where('id', 'in', members)
    .execute()
  // Settings follow what the members rows say (news e-mails ↔ email_notify, marketing ↔ marketing_agree), as sign-up makes them.
  const consents = await db.selectFrom('members').select(['id', 'email_notify', 'marketing_agree']).where('id', 'in', members).execute()
  await db
    .insertInto('member_settings')
    .values(consents.map((member) => ({ member_id: member.id, notify_news_email: member.email_notify, notify_marketing: member.marketing_agree })))
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute()

  const coupon = (
    code: string,
    title: Record<string, string>,
    reward: { kind: 'coin' | 'ticket'; coin_type: 'free' | 'bonus' | null; amount: number; content_id?: number | null },
    extra: { ends?: Date | null; max?: number | null; validDays?: number | null } = {},
  ) => ({
    code,
    texts: json(Object.fromEntries(Object.entries(title).map(([lang, text]) => [lang, { title: text }]))),
    kind: reward.kind,
    coin_type: reward.coin_type,
    amount: reward.amount,
    content_id: reward.content_id ?? null,
    grant_valid_days: extra.validDays ?? null,
    starts_at: ago(60),
    ends_at: extra.ends ?? null,
    max_redemptions: extra.max ?? null,
  })
  await db
    .insertInto('coupons')
    .values([
      coupon(
        SEEDED_COUPONS.welcome,
        {
          en: 'Koma 2026 welcome coupon: 50 bonus coins',
          ja: 'Koma 2026 ウェルカムクーポン：ボーナスコイン50枚',
          fr: 'Code de bienvenue Koma 2026 : 50 pièces bonus',
        },
        { kind: 'coin', coin_type: 'bonus', amount: 50 },
      ),
      coupon(
        SEEDED_COUPONS.tickets,
        { en: '5 tickets to keep reading', ja: '続きが読めるチケット5枚', fr: '5 tickets pour continuer à lire' },
        { kind: 'ticket', coin_type: null, amount: 5, content_id: ids.contentIds[0] ?? null },
        { validDays: 14 },
      ),
      coupon(
        SEEDED_COUPONS.expired,
        { en: 'Summer 2025 coupon', ja: '2025年夏のクーポン', fr: 'Code été 2025' },
        { kind: 'coin', coin_type: 'free', amount: 30 },
        { ends: ago(90), validDays: 30 },
      ),
      coupon(
        SEEDED_COUPONS.limited,
        { en: 'First 100 readers: 100 free coins', ja: '先着100名様：無料コイン100枚', fr: 'Les 100 premiers : 100 pièces gratuites' },
        { kind: 'coin', coin_type: 'free', amount: 100 },
        { max: 100, validDays: 30 },
      ),
    ])
    .execute()

  const gift = (
    texts: Record<string, { title: string; description: string }>,
    reward: { kind: 'coin' | 'ticket'; coin_type: 'free' | 'bonus' | null; amount: number; content_id?: number | null },
    when: { created: Date; expires: Date | null; claimed?: Date | null; validDays?: number | null },
  ) => ({
    member_id: ids.seededId,
    texts: json(texts),
    kind: reward.kind,
    coin_type: reward.coin_type,
    amount: reward.amount,
    content_id: reward.content_id ?? null,
    grant_valid_days: when.validDays ?? null,
    created_at: when.created,
    expires_at: when.expires,
    claimed_at: when.claimed ?? null,
  })
  await db
    .insertInto('inbox_gifts')
    .values([
      gift(
        {
          en: { title: 'Festival gift: 20 free coins', description: 'A thank-you from the Autumn Reading Festival. Claim it before it expires!' },
          ja: { title: '読書フェス記念：無料コイン20枚', description: '秋の読書フェスからの感謝のプレゼントです。期限までにお受け取りください！' },
          fr: {
            title: 'Cadeau du festival : 20 pièces gratuites',
            description: 'Un merci du Festival de lecture d’automne. Récupérez-le avant qu’il n’expire !',
          },
        },
        { kind: 'coin', coin_type: 'free', amount: 20 },
        { created: ago(6), expires: new Date(now.getTime() + 10 * HOUR), validDays: 30 },
      ),
      gift(
        {
          en: {
            title: '3 tickets for a series you follow',
            description: 'Keep going with a series you are reading: three tickets, valid for 14 days after you claim them.',
          },
          ja: { title: '読んでいる作品のチケット3枚', description: '読み進めている作品の続きにどうぞ。受け取りから14日間有効なチケット3枚です。' },
          fr: {
            title: '3 tickets pour une série que vous suivez',
            description: 'Pour continuer une série en cours : trois tickets valables 14 jours après réception.',
          },
        },
        { kind: 'ticket', coin_type: null, amount: 3, content_id: ids.contentIds[1] ?? null },
        { created: ago(2), expires: new Date(now.getTime() + 12 * DAY), validDays: 14 },
      ),
      gift(
        {
          en: { title: 'Anniversary bonus: 10 bonus coins', description: 'Thank you for reading with us for a year.' },
          ja: { title: '1周年記念：ボーナスコイン10枚', description: '1年間のご愛読ありがとうございます。' },
          fr: { title: 'Bonus anniversaire : 10 pièces bonus', description: 'Merci de lire avec nous depuis un an.' },
        },
        { kind: 'coin', coin_type: 'bonus', amount: 10 },
        { created: ago(20), expires: ago(5), claimed: ago(18) },
      ),
      gift(
        {
          en: { title: 'Weekend gift: 5 free coins', description: 'A small gift for the weekend.' },
          ja: { title: '週末プレゼント：無料コイン5枚', description: '週末のささやかなプレゼントです。' },
          fr: { title: 'Cadeau du week-end : 5 pièces gratuites', description: 'Un petit cadeau pour le week-end.' },
        },
        { kind: 'coin', coin_type: 'free', amount: 5 },
        { created: ago(12), expires: ago(3), validDays: 7 },
      ),
    ])
    .execute()
  await db
    .insertInto('inbox_messages')
    .values([
      {
        member_id: ids.seededId,
        texts: json({
          en: {
            title: 'New episodes of your series are out',
            body: 'Three series in your library have new episodes this week. Open your library to keep reading.',
          },
          ja: {
            title: '本棚の作品に新しいエピソードが追加されました',
            body: '今週、本棚の3作品に新しいエピソードが追加されました。本棚から続きをお楽しみください。',
          },
          fr: {
            title: 'De nouveaux épisodes de vos séries sont disponibles',
            body: 'Trois séries de votre bibliothèque ont de nouveaux épisodes cette semaine. Ouvrez votre bibliothèque pour continuer.',
          },
        }),
        link_url: '/library/subscribed',
        created_at: ago(1),
      },
      {
        member_id: ids.seededId,
        texts: json({
          en: {
            title: 'Our Terms of Use were updated',
            body: 'We clarified how coins expire and how gifts work. You can read the new Terms of Use at any time from the footer.',
          },
          ja: {
            title: '利用規約を改定しました',
            body: 'コインの有効期限とプレゼントの取り扱いについて、わかりやすく改めました。新しい利用規約はフッターからいつでもご確認いただけます。',
          },
          fr: {
            title: 'Nos conditions d’utilisation ont été mises à jour',
            body: 'Nous avons clarifié l’expiration des pièces et le fonctionnement des cadeaux. Les nouvelles conditions sont accessibles à tout moment depuis le pied de page.',
          },
        }),
        link_url: '/legal/terms',
        created_at: ago(15),
        read_at: ago(14),
      },
    ])
    .execute()
  return rows
}
