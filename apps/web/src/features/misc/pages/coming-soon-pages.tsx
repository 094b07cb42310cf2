/*
 * Screens that later releases build. Each keeps its final heading and says plainly that it is
 * not ready; the owning feature replaces its route's import in router.tsx when it lands.
 */
import {
  BadgeCheckIcon,
  CreditCardIcon,
  ImagesIcon,
  PackageIcon,
  ReceiptTextIcon,
  ShoppingBagIcon,
  ShoppingCartIcon,
  UserPlusIcon,
  UserRoundIcon,
} from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { ComingSoon } from '../components/coming-soon'

function ViewOrdersButton() {
  return (
    <Button asChild className="mt-2">
      <Link to="/shop/account">View Orders</Link>
    </Button>
  )
}

// Admin screens sit inside the admin layout's padded main.
export function AdminProductsPage() {
  return <ComingSoon container={false} title="Products" icon={PackageIcon} />
}

export function AdminOrdersPage() {
  return <ComingSoon container={false} title="All Orders" icon={ShoppingCartIcon} />
}

export function AdminSignupVendorPage() {
  return <ComingSoon container={false} title="Sign up vendor" icon={UserPlusIcon} />
}

export function AdminFeaturesPage() {
  return <ComingSoon container={false} title="Feature Images" icon={ImagesIcon} />
}

export function AdminVendorVerificationPage() {
  return <ComingSoon container={false} title="All Vendor List" icon={BadgeCheckIcon} />
}

// Shop screens.
export function CheckoutPage() {
  return <ComingSoon title="Checkout" icon={ShoppingBagIcon} />
}

export function AccountPage() {
  return <ComingSoon title="My Account" icon={UserRoundIcon} />
}

export function PaymentReturnPage() {
  return (
    <ComingSoon
      title="Processing Payment"
      icon={CreditCardIcon}
      description="Online payment confirmation is on its way. Your orders and their status are under My Orders."
    >
      <ViewOrdersButton />
    </ComingSoon>
  )
}

export function PaymentSuccessPage() {
  return (
    <ComingSoon
      title="Payment is successful!"
      icon={ReceiptTextIcon}
      description="Order details on this page are on their way. Your orders are under My Orders."
    >
      <ViewOrdersButton />
    </ComingSoon>
  )
}
