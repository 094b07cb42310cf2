import { useLocation } from 'react-router'
import { RegisterForm, type RegisterVariant } from '../components/register-form'
import { DocumentTitle } from '@/components/document-title'

/** /register/user and /register/seller: the same form, with a seller flag. */
export default function RegisterPage() {
  const { pathname } = useLocation()
  const variant: RegisterVariant = pathname.toLowerCase().startsWith('/register/seller')
    ? 'seller'
    : 'user'
  return (
    <>
      <DocumentTitle>{`${variant === 'seller' ? 'Register as Seller' : 'Create account'} | TechBazaar`}</DocumentTitle>
      {/* Switching between the shopper and seller forms starts afresh. */}
      <RegisterForm key={variant} variant={variant} />
    </>
  )
}
