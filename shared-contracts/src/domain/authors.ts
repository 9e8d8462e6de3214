import { CREATOR_ROLES, type Author } from './types'

/** SPEC §3: authors in the order of the first nine roles; 'other' is left out of that list. */
export function orderedAuthors(authors: readonly Author[]): Author[] {
  return authors
    .filter((author) => author.role !== 'other')
    .slice()
    .sort((a, b) => CREATOR_ROLES.indexOf(a.role) - CREATOR_ROLES.indexOf(b.role))
}
