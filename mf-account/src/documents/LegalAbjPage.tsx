import { LegalDocumentPage } from './LegalPage'

export default function LegalAbjPage() {
  return <LegalDocumentPage type="abj" />
}
