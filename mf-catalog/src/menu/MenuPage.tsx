import { useParams } from 'react-router-dom'
import { MenuList } from './MenuList'

/** /menu/all_comic/{id}: the menu areas; an unknown one is the API's 404 (the not-found screen). */
export default function MenuPage() {
  const { id } = useParams() as { id: string }
  return <MenuList key={id} code={id} />
}
