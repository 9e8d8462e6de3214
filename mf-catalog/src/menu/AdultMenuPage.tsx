import { MenuList } from './MenuList'

/** /menu/all_comic/adult: login required (route table) and mature content accepted (the gate). */
export default function AdultMenuPage() {
  return <MenuList code="adult" />
}
