import { ResetPasswordForm } from '../components/reset-password-form'

export default function ResetPasswordPage() {
  return (
    <>
      <title>Set a new password | TechBazaar</title>
      <ResetPasswordForm />
    </>
  )
}
