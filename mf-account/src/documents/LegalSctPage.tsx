import { LegalDocumentPage } from './LegalPage'

export default function LegalSctPage() {
  return <LegalDocumentPage type="special_commercial_transaction" />
}
