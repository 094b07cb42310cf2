import { AddressBook } from '@/features/account/components/address-book'
import { CheckoutPage, type AddressPickerProps } from '@/features/checkout/pages/checkout-page'

function CheckoutAddresses(props: AddressPickerProps) {
  return <AddressBook selectable {...props} />
}

/** /shop/checkout: the checkout, with the account's address book as its address panel. */
export default function CheckoutRoute() {
  return <CheckoutPage AddressPicker={CheckoutAddresses} />
}
