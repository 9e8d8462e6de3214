import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { insertAll, insertReturningIds } from './batch'
import type { ContentPlan } from './catalogue'
import { contentPath, type SectionPlan } from './home'
import type { ImageBank } from './images'
import { LANGS } from './lang'
import { itemAt, withIds } from './lists'

export async function writeHome(
  db: Kysely<Database>,
  sections: SectionPlan[],
  plans: ContentPlan[],
  contentIds: number[],
  bank: ImageBank,
): Promise<{ sections: number; elements: number }> {
  const sectionIds = await insertReturningIds(
    db,
    'home_sections',
    sections.map((section, i) => ({
      sort: i + 1,
      section_ui_type: section.sectionUiType,
      element_ui_type: section.elementUiType,
      shuffle_group: section.shuffleGroup,
      mature: section.mature,
      url_http: section.urlHttp,
      top_banner: section.topBanner,
    })),
  )
  const sectionsWithIds = withIds(sections, sectionIds, 'home sections')
  await insertAll(
    db,
    'home_section_texts',
    sectionsWithIds.flatMap(([section, sectionId]) =>
      LANGS.map((lang) => ({ section_id: sectionId, lang, title: section.title[lang], additional_text: section.additional[lang] })),
    ),
  )
  const elements = sectionsWithIds.flatMap(([section, sectionId]) => section.elements.map((element, sort) => ({ element, sectionId, sort: sort + 1 })))
  const elementIds = await insertReturningIds(
    db,
    'home_elements',
    elements.map(({ element, sectionId, sort }) => {
      const contentId = itemAt(contentIds, element.content, 'content id')
      return {
        section_id: sectionId,
        sort,
        content_id: contentId,
        image_id: bank.id(element.image),
        large_image_id: element.largeImage === null ? null : bank.id(element.largeImage),
        badge: element.badge,
        badge_expire_at: element.badgeExpireAt,
        url_http: contentPath(itemAt(plans, element.content, 'content plan'), contentId),
      }
    }),
  )
  await insertAll(
    db,
    'home_element_texts',
    withIds(elements, elementIds, 'home elements').flatMap(([{ element }, elementId]) =>
      LANGS.map((lang) => ({
        element_id: elementId,
        lang,
        title: element.title[lang],
        additional_text: element.additional[lang],
        label: element.label?.[lang] ?? null,
      })),
    ),
  )
  return { sections: sectionIds.length, elements: elementIds.length }
}
