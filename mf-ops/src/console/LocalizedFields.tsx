import { LOCALES, useT, type Locale } from '@koma/contracts'
import { localizedField } from '@koma/contracts/ops'
import { TextArea, TextField } from '@koma/contracts/ui'
import type { MessageDescriptor } from 'react-intl'
import { languageMessages } from '../i18n/messages'
import type { Fields, useOpsForm } from './form'
import { LanguageColumns } from './parts'

/** One text of the group: its form name (`title` → `titleJa`, `titleEn`, `titleFr`) and its label, which names the `{language}`. */
export type LocalizedText = readonly [name: string, label: MessageDescriptor]

/**
 * A title-and-body group once per language (a title and a text, a question and an answer; a
 * name alone), one column per language on a wide screen: the title a TextField, the body a
 * TextArea, each wired by the form's `field()`.
 */
export function LocalizedFields({ field, title, body }: { field: ReturnType<typeof useOpsForm>['field']; title: LocalizedText; body?: LocalizedText }) {
  const t = useT()
  const label = (text: LocalizedText, locale: Locale) => t(text[1], { language: t(languageMessages[locale]) })
  return (
    <LanguageColumns>
      {(locale) => (
        <>
          <TextField label={label(title, locale)} {...field(localizedField(title[0], locale))} />
          {body ? <TextArea label={label(body, locale)} {...field(localizedField(body[0], locale))} /> : null}
        </>
      )}
    </LanguageColumns>
  )
}

/** A form's starting values of localized texts: `titleJa` from `texts.ja.title`, empty where there is none. */
export function localizedValues<T extends Partial<Record<K, string>>, K extends string>(
  texts: Partial<Record<Locale, T | undefined>> | null | undefined,
  names: readonly K[],
): Fields {
  const fields: Fields = {}
  for (const locale of LOCALES) for (const name of names) fields[localizedField(name, locale)] = texts?.[locale]?.[name] ?? ''
  return fields
}
