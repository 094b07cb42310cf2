import { ResetPasswordForm } from '../components/reset-password-form'
import { DocumentTitle } from '@/components/document-title'

export default function ResetPasswordPage() {
  return (
    <>
      <DocumentTitle>Set a new password | TechBazaar</DocumentTitle>
      <ResetPasswordForm />
    </>
  )
}
