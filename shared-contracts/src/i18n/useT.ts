import { useCallback } from 'react'
import { useIntl, type MessageDescriptor } from 'react-intl'

export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>

/**
 * Format one of a remote's messages. Descriptors come from `defineMessages` (so formatjs
 * extracts them); values are checked at run time by the i18n test's placeholder comparison.
 */
export function useT(): (descriptor: MessageDescriptor, values?: MessageValues) => string {
  const intl = useIntl()
  return useCallback((descriptor, values) => String(intl.formatMessage(descriptor as Parameters<typeof intl.formatMessage>[0], values as never)), [intl])
}
